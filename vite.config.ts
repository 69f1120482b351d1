import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets, reactRouterProductionBuild } from "./vite.plugins.ts";

// Small modules most pages use (layout, form parts, formatting, shared lists, the performer card and
// its save button). Left to automatic splitting they become a dozen files of a few hundred bytes
// each, and every file is compressed on its own: one file of them is about 4 KB smaller gzipped than
// the same code in a dozen (measured with brotli as sent: a profile's 17 app files are 25.3 KB
// apart, 20.3 KB as one). The welcome dialog is in: every first visit to a browsing page fetches
// it, and 0.7 KB inside this file costs less than 0.9 KB on its own. Modules that pull in Zod, or
// that load on demand (ErrorPage), stay out.
const SHARED =
  /\/app\/(components\/(ui\/(Alert|Badge|Button|Field|PageHeader|StateSelect|cx|useHydrated)|layout\/(?!ErrorPage)[\w-]+|profile\/(ResponsiveImage|ProfileCard)|shortlist\/SaveButton|insights\/report)|lib\/(constants|format|meta|us-state-names|profile-view|last-search-place|share-link))\./;
// What a validated form needs (field errors, the honeypot, the action's answer): the account, listing,
// inquiry and alert forms, none of which a listing or search page shows at first (in the shared file
// they cost every page 1 KB).
const FORM_CHECKS = /\/app\/(components\/ui\/(HoneypotField|useFieldErrors)|lib\/form)\./;
// The filters' fold, the pages and the distance bands that the listing pages (state, city,
// category) and the search share.
const FILTERS =
  /\/app\/(components\/(directory\/(FiltersDisclosure|RefinementFields|Pagination|HiddenBookedNote)|insights\/CountAppearances|search\/(search-href|RadiusLinks))|lib\/(place-listing-view|directory-params|listing-refinements|search-view))\./;
// The listing pages' own form and result list, which search never shows (in FILTERS, the listing
// form and its results cost search 2.5 KB it did not use).
// (Not the structured data: the category list's page needs it too, and nothing else of these.)
const LISTING = /\/app\/components\/directory\/(DirectoryListing|DirectoryResults|FiltersForm)\./;
// The category tiles, the tiles in parents' words and the example cards (home; the list of
// categories). A category page gets its blurb and, while it has no performers, its example cards
// with its data instead.
const CATEGORY_CARDS = /\/app\/(components\/directory\/(CategoryCards|ParentTiles)|lib\/sample-profiles)\./;
// The inquiry forms (a profile's, and "Ask them all" with the list's choice of whom to ask), loaded
// as the visitor nears one (see ServerHtmlUntil); their confirmation loads on demand in turn, see
// LazyConfirmation.ts.
const INQUIRY =
  /\/app\/(components\/(inquiry\/(InquiryForm|AskThemAllForm|InquiryFields|LazyConfirmation|useInquirySend)|shortlist\/AskThemAll|ui\/carry-input)|lib\/inquiry-fields)\./;
// A shared list's view with its comparison (which the own list loads too, once it has performers).
const SHORTLIST_LISTS = /\/app\/components\/(shortlist\/(ShortlistComparison|SharedList|list-entries)|profile\/travel-statement)\./;

export default defineConfig({
  plugins: [tailwindcss(), reactRouterProductionBuild(), reactRouter(), precompressAssets()],
  resolve: { tsconfigPaths: true },
  build: {
    target: "es2022",
    // No preload lists beside dynamic imports: what the on-demand chunks (sonner, Zod schemas, the
    // welcome dialog) depend on is already loaded with the page, so the lists were bytes for nothing.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, React DOM and the router: one long-cached file, changed only by an upgrade.
            { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 20 },
            // First: a group takes what its modules import, and what most pages use stays here.
            { name: "app-shared", test: (id: string) => SHARED.test(id) || /\/app\/root\.tsx$/.test(id), priority: 12 },
            { name: "filters", test: (id: string) => FILTERS.test(id), priority: 10 },
            { name: "form-checks", test: (id: string) => FORM_CHECKS.test(id), priority: 10 },
            { name: "listing", test: (id: string) => LISTING.test(id), priority: 10 },
            { name: "inquiry", test: (id: string) => INQUIRY.test(id), priority: 10 },
            { name: "shortlist-lists", test: (id: string) => SHORTLIST_LISTS.test(id), priority: 10 },
            // Used by the profile and a shared list alike: a file of its own, not inside either's.
            { name: "server-html", test: /\/app\/components\/ui\/ServerHtmlUntil\./, priority: 11 },
            { name: "category-cards", test: (id: string) => CATEGORY_CARDS.test(id), priority: 10 },
          ],
        },
      },
    },
  },
});
