import type { Db } from "~/server/db/client.server";
import { seedAccounts } from "./accounts";
import { seedAdmin } from "./admin";
import { seedAudience } from "./audience";
import { seedBands } from "./bands";
import { seedBarePlaces } from "./bare-places";
import { seedCalendar } from "./calendar";
import { seedDeleteAccount } from "./delete-account";
import { seedDirectory } from "./directory";
import { seedEditor } from "./editor";
import { seedImages } from "./images";
import { seedInquiry } from "./inquiry";
import { seedInquiryReplies } from "./inquiry-replies";
import { seedInsights } from "./insights";
import { seedNoDeadEnd } from "./no-dead-end";
import { seedListingFilters } from "./listing-filters";
import { seedPhoneBrowsing } from "./phone-browsing";
import { seedPhoneInbox } from "./phone-inbox";
import { seedPhonePhotos } from "./phone-photos";
import { seedPlaces } from "./places";
import { seedPackages } from "./packages";
import { seedPartyDateInquiry } from "./party-date-inquiry";
import { seedPartyDate } from "./party-date";
import { seedProfilePage } from "./profile-page";
import { seedProfilePreview } from "./profile-preview";
import { seedReviews } from "./reviews";
import { seedSearch } from "./search";
import { seedSearchAlerts } from "./search-alerts";
import { seedShortlist } from "./shortlist";
import { seedSubscription } from "./subscription";
import { seedSuggest } from "./suggest";
import { seedTrademark } from "./trademark";
import { seedTrustDocuments } from "./trust-documents";
import { seedTrustFilters } from "./trust-filters";

export interface E2ESeedContext {
  db: Db;
  /** Absolute media folder of the server under test (local storage driver). */
  mediaDir: string;
}

type Seeder = (ctx: E2ESeedContext) => Promise<void>;

// Each feature's end-to-end fixtures register here; they run once, before the server starts.
const seeders: Seeder[] = [seedEditor, seedImages, seedDirectory, seedSearch, seedSuggest, seedPlaces, seedBands, seedAccounts, seedSubscription, seedAdmin, seedDeleteAccount, seedPhoneInbox, seedPhonePhotos, seedPhoneBrowsing, seedShortlist, seedProfilePage, seedInsights, seedInquiry, seedListingFilters, seedNoDeadEnd, seedBarePlaces, seedSearchAlerts, seedAudience, seedCalendar, seedProfilePreview, seedPackages, seedPartyDate, seedPartyDateInquiry, seedInquiryReplies, seedReviews, seedTrustFilters, seedTrademark, seedTrustDocuments];

export async function seedE2E(ctx: E2ESeedContext) {
  for (const seed of seeders) await seed(ctx);
}
