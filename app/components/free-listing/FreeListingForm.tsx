import { useEffect, useId, useRef, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { notify } from "~/components/layout/notify";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { Fieldset, SelectField, TextAreaField, TextField } from "~/components/ui/Field";
import { HoneypotField } from "~/components/ui/HoneypotField";
import { StateOptions } from "~/components/ui/StateOptions";
import { useFieldErrors } from "~/components/ui/useFieldErrors";
import {
  APPLICATION_FAILED,
  freeListingSchema,
  type FreeListingActionResult,
  type FreeListingValues,
} from "~/lib/free-listing-schema";

const EXPERIENCE_LABELS = [
  { value: "0-1", label: "Less than 1 year (0-1)" },
  { value: "1-3", label: "1 to 3 years (1-3)" },
  { value: "3+", label: "More than 3 years (3+)" },
] as const;
const PAID_EVENTS_LABELS = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
] as const;
const TRAVEL_LABELS = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
  { value: "depends", label: "Depends on the event" },
] as const;

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

function RadioGroup({
  name,
  legend,
  options,
  defaultValue,
  error,
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  defaultValue: string | undefined;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <Fieldset legend={<>{legend}<span className="text-red-700" aria-hidden="true"> *</span></>} id={id} error={error}>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={name}
              value={option.value}
              required
              defaultChecked={defaultValue === option.value}
              aria-describedby={error ? `${id}-error` : undefined}
              className="h-4 w-4 border-slate-400 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </Fieldset>
  );
}

/**
 * The free-listing application. A plain POST without JavaScript (the page returns with the result
 * and, on failure, everything typed); with it, fields are checked before sending, a toast reports
 * the result and the form resets after a successful submission.
 */
export function FreeListingForm({ result }: { result: FreeListingActionResult | undefined }) {
  const id = useId();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const formRef = useRef<HTMLFormElement>(null);
  const kept = result && !result.ok ? result.values : undefined;
  const { errors, onSubmit, clearChanged } = useFieldErrors(result && !result.ok ? result.errors : undefined, freeListingSchema);

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

  const text = (name: keyof FreeListingValues, label: string, props: Record<string, string | boolean | number> = {}) => (
    <TextField id={`${id}-${name}`} label={label} name={name} defaultValue={kept?.[name]} error={errors[name]} {...props} />
  );
  const area = (name: keyof FreeListingValues, label: string, props: Record<string, string | boolean | number> = {}) => (
    <TextAreaField id={`${id}-${name}`} label={label} name={name} rows={4} defaultValue={kept?.[name]} error={errors[name]} {...props} />
  );
  const banner = result && !submitting ? (result.ok ? result.message : (result.message ?? null)) : null;

  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onChange={clearChanged}
      aria-label="Free listing application"
      className="space-y-6"
    >
      {banner ? <Alert tone={result?.ok ? "success" : "error"}>{banner}</Alert> : null}
      <p className="text-sm text-slate-700">Fields marked * are required.</p>

      <Section title="Basic Info">
        <div className="grid gap-4 sm:grid-cols-2">
          {text("fullName", "Full name", { required: true, autoComplete: "name" })}
          {text("email", "Email", { required: true, type: "email", autoComplete: "email" })}
          {text("phone", "Phone (optional)", { type: "tel", autoComplete: "tel" })}
        </div>
      </Section>

      <Section title="Location">
        <div className="grid gap-4 sm:grid-cols-2">
          {text("city", "City", { required: true, autoComplete: "address-level2" })}
          <SelectField
            id={`${id}-state`}
            label="State"
            name="state"
            required
            autoComplete="address-level1"
            defaultValue={kept?.state ?? ""}
            error={errors.state}
          >
            <option value="">Select a state</option>
            <StateOptions />
          </SelectField>
        </div>
      </Section>

      <Section title="Social Media">
        <p className="text-sm text-slate-700">All optional: share where we can see your work.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("instagram", "Instagram", { placeholder: "@yourhandle" })}
          {text("facebook", "Facebook", { placeholder: "Page name or link" })}
          {text("youtube", "YouTube", { placeholder: "Channel name or link" })}
          {text("tiktok", "TikTok", { placeholder: "@yourhandle" })}
          {text("website", "Website", { type: "url", placeholder: "https://", autoComplete: "url" })}
        </div>
      </Section>

      <Section title="Experience and Availability">
        <SelectField
          id={`${id}-experience`}
          label="How long have you been performing?"
          name="experience"
          required
          defaultValue={kept?.experience ?? ""}
          error={errors.experience}
          wrapperClassName="max-w-sm"
        >
          <option value="">Select an option</option>
          {EXPERIENCE_LABELS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <RadioGroup
          name="paidEvents"
          legend="Have you performed at paid events?"
          options={PAID_EVENTS_LABELS}
          defaultValue={kept?.paidEvents}
          error={errors.paidEvents}
        />
        {text("eventTypes", "What kinds of events do you perform at? (optional)", {
          placeholder: "Birthday parties, conventions, school events...",
        })}
        <RadioGroup
          name="travel"
          legend="Are you willing to travel for events?"
          options={TRAVEL_LABELS}
          defaultValue={kept?.travel}
          error={errors.travel}
        />
      </Section>

      <Section title="About You">
        {area("bio", "Bio", { required: true, rows: 5, placeholder: "Tell us about yourself and your performances" })}
        {area("characters", "Which characters do you perform? (optional)", {
          placeholder: "Describe them in your own words; no trademarked names are needed",
        })}
      </Section>

      <Section title="Final Section">
        {area("whyJoin", "Why do you want to join? (optional)")}
        {area("questions", "Any questions for us? (optional)")}
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
