import { data, useActionData } from "react-router";
import type { Route } from "./+types/free-listing";
import { FreeListingForm } from "~/components/free-listing/FreeListingForm";
import { PageHeader } from "~/components/ui/PageHeader";
import { FREE_LISTING_SPOTS } from "~/lib/constants";
import { readPublicForm } from "~/lib/form";
import { freeListingSchema } from "~/lib/free-listing-schema";
import { pageMeta, siteFrom } from "~/lib/meta";
import { privateHeaders } from "~/server/http/cache-headers.server";
import { freeSpotsRemaining, handleFreeListing } from "~/server/listings.server";
import { clientIp } from "~/server/rate-limit.server";

export async function loader({ context }: Route.LoaderArgs) {
  return { spotsRemaining: await freeSpotsRemaining(context.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPublicForm(request, freeListingSchema);
  const result = await handleFreeListing(context, form, clientIp(context, request));
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
  const { spotsRemaining } = loaderData;
  return (
    <>
      <PageHeader
        title="Claim Your Free Listing"
        description={`We're in open beta: the first ${FREE_LISTING_SPOTS} qualified performers get their listing free. Tell us about yourself and your characters, and we'll be in touch.`}
      >
        <p className="mt-4 inline-flex items-center rounded-full bg-brand-100 px-4 py-1.5 text-sm font-semibold text-brand-800">
          {spotsRemaining > 0
            ? `${spotsRemaining} of ${FREE_LISTING_SPOTS} free spots remaining`
            : `All ${FREE_LISTING_SPOTS} free spots have been claimed. You can still apply for the waiting list.`}
        </p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <FreeListingForm result={result} />
      </div>
    </>
  );
}
