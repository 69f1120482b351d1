import { useEffect, useId, useRef, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { ExperienceSelect, PaidEventsQuestion, TravelQuestion } from "~/components/free-listing/ApplicationFields";
import { notify } from "~/components/layout/notify";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { TextAreaField, TextField } from "~/components/ui/Field";
import { HoneypotField } from "~/components/ui/HoneypotField";
import { StateSelect } from "~/components/ui/StateSelect";
import { fieldBinder, useFieldErrors } from "~/components/ui/useFieldErrors";
import type { FreeListingActionResult, FreeListingValues } from "~/lib/free-listing-schema";
import { APPLICATION_FAILED } from "~/lib/free-listing-view";

// The check before sending needs Zod, the page's largest piece: it loads once the visitor is in the form.
const loadSchema = () => import("~/lib/free-listing-schema").then((m) => m.freeListingSchema);

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The free-listing application. A plain POST without JavaScript (the page returns with the result
 * and, on failure, everything typed); with it, fields are checked before sending, a toast reports
 * the result and the form resets after a successful submission. `initial` is what a signed-in
 * performer's account and profile already say; what they typed wins once they have posted.
 */
export function FreeListingForm({ result, initial }: { result: FreeListingActionResult | undefined; initial?: FreeListingValues }) {
  const id = useId();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const formRef = useRef<HTMLFormElement>(null);
  const kept = result && !result.ok ? result.values : initial;
  const { errors, onSubmit, clearChanged, preload } = useFieldErrors(result && !result.ok ? result.errors : undefined, loadSchema);

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      notify("success", result.message);
      formRef.current?.reset();
    } else if (result.message) {
      notify("error", result.message);
    } else if (Object.keys(result.errors).length === 0) {
      notify("error", APPLICATION_FAILED);
    }
  }, [result]);

  const field = fieldBinder(id, kept, errors);
  const banner = result && !submitting ? (result.ok ? result.message : (result.message ?? null)) : null;

  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onChange={clearChanged}
      onFocus={preload}
      aria-label="Free listing application"
      className="space-y-6"
    >
      {banner ? <Alert tone={result?.ok ? "success" : "error"}>{banner}</Alert> : null}
      <p className="text-sm text-slate-700">Fields marked * are required.</p>

      <Section title="Basic Info">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Full name" required autoComplete="name" {...field("fullName")} />
          <TextField label="Email" required type="email" autoComplete="email" {...field("email")} />
          <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...field("phone")} />
        </div>
      </Section>

      <Section title="Location">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="City" required autoComplete="address-level2" {...field("city")} />
          <StateSelect emptyLabel="Select a state" required autoComplete="address-level1" {...field("state")} defaultValue={kept?.state ?? ""} />
        </div>
      </Section>

      <Section title="Social Media">
        <p className="text-sm text-slate-700">All optional: share where we can see your work.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Instagram" placeholder="@yourhandle" {...field("instagram")} />
          <TextField label="Facebook" placeholder="Page name or link" {...field("facebook")} />
          <TextField label="YouTube" placeholder="Channel name or link" {...field("youtube")} />
          <TextField label="TikTok" placeholder="@yourhandle" {...field("tiktok")} />
          <TextField label="Website" type="url" placeholder="https://" autoComplete="url" {...field("website")} />
        </div>
      </Section>

      <Section title="Experience and Availability">
        <ExperienceSelect {...field("experience")} />
        <PaidEventsQuestion {...field("paidEvents")} />
        <TextField
          label="What kinds of events do you perform at? (optional)"
          placeholder="Birthday parties, conventions, school events..."
          {...field("eventTypes")}
        />
        <TravelQuestion {...field("travel")} />
      </Section>

      <Section title="About You">
        <TextAreaField label="Bio" required rows={5} placeholder="Tell us about yourself and your performances" {...field("bio")} />
        <TextAreaField
          label="Which characters do you perform? (optional)"
          rows={4}
          placeholder="Describe them in your own words; no trademarked names are needed"
          {...field("characters")}
        />
      </Section>

      <Section title="Final Section">
        <TextAreaField label="Why do you want to join? (optional)" rows={4} {...field("whyJoin")} />
        <TextAreaField label="Any questions for us? (optional)" rows={4} {...field("questions")} />
      </Section>

      <HoneypotField />

      <div className="space-y-3">
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? "Submitting..." : "Submit Application"}
        </Button>
        <p className="text-sm text-slate-700">Our team reviews every application and replies within 1-2 business days.</p>
      </div>
    </Form>
  );
}
