import { Form, Link, useNavigation } from "react-router";
import { AUDIENCE_QUESTION, AudienceField } from "~/components/profile-editor/AudienceField";
import { Button } from "~/components/ui/Button";
import { AUDIENCE_INTENT } from "~/lib/audience-schema";

// Asked at the top of the dashboard of a performer whose profile has no audience answer yet, until
// they give one. A plain form posting to /dashboard, so it works without JavaScript; the action
// saves only the answer (with what it implies for the categories) and comes back with a toast.

export function AudienceAsk({ error, value }: { error: string | null; value: string }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === AUDIENCE_INTENT;
  return (
    <section aria-labelledby="audience-ask-heading" className="rounded-xl border-2 border-brand-600 bg-brand-50 p-4 shadow-sm sm:p-6">
      <h2 id="audience-ask-heading" className="text-lg font-bold text-slate-900">
        {AUDIENCE_QUESTION}
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        Parents can now search by age group. Answer once, so the right families find you.
      </p>
      <Form method="post" noValidate className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={AUDIENCE_INTENT} />
        <AudienceField
          idPrefix="audience-ask"
          value={value}
          error={error}
          // The heading asks it already; the group keeps the question as its name.
          legendClassName="sr-only"
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button type="submit" size="lg" disabled={saving}>
            {saving ? "Saving..." : "Save answer"}
          </Button>
          <Link to="/dashboard/edit-profile" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline underline-offset-2">
            Or answer in Edit Profile
          </Link>
        </div>
      </Form>
    </section>
  );
}
