import type { Route } from "./+types/admin";
import { Alert } from "~/components/ui/Alert";
import { PageHeader } from "~/components/ui/PageHeader";
import { pageMeta, siteFrom } from "~/lib/meta";
import { requireAdmin } from "~/server/auth/auth.server";

// Guarded now (signed out -> /signin, not an admin -> /); the admin tools arrive with their own issue.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({ ...site, title: "Admin Dashboard", description: "Site administration.", path: "/admin", noindex: true });
}

export default function Admin() {
  return (
    <div>
      <PageHeader title="Admin Dashboard" />
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <Alert tone="info" title="Admin tools are on their way">
          Reviewing free-listing requests, messages and profiles will be available here in an upcoming release.
        </Alert>
      </div>
    </div>
  );
}
