import { data, useActionData } from "react-router";
import type { Route } from "./+types/free-listing";
import { ApplicantNotice, BetaFullNotice, SignedInNote } from "~/components/free-listing/ApplicantNotice";
import { FreeListingForm } from "~/components/free-listing/FreeListingForm";
import { FreeSpotsBadge } from "~/components/free-listing/FreeSpots";
import { PageHeader } from "~/components/ui/PageHeader";
import { FREE_LISTING_SPOTS } from "~/lib/constants";
import { readPublicForm } from "~/lib/form";
import { freeListingSchema } from "~/lib/free-listing-schema";
import type { FreeListingPageData } from "~/lib/free-listing-view";
import { pageMeta, siteFrom } from "~/lib/meta";
import { getSessionUser } from "~/server/auth/auth.server";
import { readApplicant } from "~/server/free-listing/free-listing-applicant.server";
import { cachedData, FRESH_CACHE_CONTROL, privateHeaders, routeCacheHeaders } from "~/server/http/cache-headers.server";
import { freeSpotsRemaining, handleFreeListing } from "~/server/free-listing/listings.server";
import { clientKey } from "~/server/http/client-key.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [account, spotsRemaining] = await Promise.all([getSessionUser(context, request), freeSpotsRemaining(context.db)]);
  const page: FreeListingPageData = { spotsRemaining, applicant: account ? await readApplicant(context.db, account) : null };
  // A signed-out visitor's page is the same for everyone and may sit in a shared cache for a minute
  // (the spots count with it); a signed-in one carries their own details and is never stored.
  return cachedData(request, page, { personal: account !== null, cacheControl: FRESH_CACHE_CONTROL });
}

export const headers: Route.HeadersFunction = (args) => routeCacheHeaders(args);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPublicForm(request, freeListingSchema);
  const account = await getSessionUser(context, request);
  const result = await handleFreeListing(context, form, clientKey(context, request), account);
  return data(result, { status: result.ok || Object.keys(result.errors).length === 0 ? 200 : 400, headers: privateHeaders() });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    ...siteFrom(matches),
    path: "/free-listing",
    title: "Claim Your Free Listing",
    description: `Open beta: the first ${FREE_LISTING_SPOTS} qualified costume and cosplay performers get a free directory listing. Apply in a few minutes.`,
  });

export default function FreeListing({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { spotsRemaining, applicant } = loaderData;
  const standing = applicant?.standing ?? null;
  // A free year already granted matters most; then a full beta (a waiting application can no longer
  // be approved); then an application already sent; otherwise the form.
  let body;
  if (standing?.kind === "granted") body = <ApplicantNotice standing={standing} />;
  else if (spotsRemaining === 0) body = <BetaFullNotice />;
  else if (standing) body = <ApplicantNotice standing={standing} justSent={result?.ok === true ? result.message : null} />;
  else {
    body = (
      <>
        {applicant ? <SignedInNote /> : null}
        <FreeListingForm result={result} initial={applicant?.prefill} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Claim Your Free Listing"
        description={`We're in open beta: the first ${FREE_LISTING_SPOTS} qualified performers get their listing free. Tell us about yourself and your characters, and we'll be in touch.`}
      >
        <FreeSpotsBadge remaining={spotsRemaining} />
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">{body}</div>
    </>
  );
}
