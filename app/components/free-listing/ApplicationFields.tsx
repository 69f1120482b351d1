import { Choice, Fieldset, Options, RequiredMark, SelectField, TextAreaField, TextField } from "~/components/ui/Field";
import { StateSelect } from "~/components/ui/StateSelect";

// The application's questions with answers to choose from, shared by /free-listing's form and the
// one-tap application on the subscription page.

export const EXPERIENCE_LABELS = [
  { value: "0-1", label: "Less than 1 year (0-1)" },
  { value: "1-3", label: "1 to 3 years (1-3)" },
  { value: "3+", label: "More than 3 years (3+)" },
] as const;
export const PAID_EVENTS_LABELS = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
] as const;
export const TRAVEL_LABELS = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
  { value: "depends", label: "Depends on the event" },
] as const;

/** A field's binding (fieldBinder's answer). */
export interface Bound {
  id: string;
  name: string;
  defaultValue: string | undefined;
  error: string | undefined;
}

export function RadioGroup({
  id,
  name,
  legend,
  options,
  defaultValue,
  error,
}: {
  legend: string;
  options: readonly { value: string; label: string }[];
} & Bound) {
  return (
    <Fieldset legend={<>{legend}<RequiredMark /></>} id={id} error={error}>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => (
          <Choice
            key={option.value}
            type="radio"
            name={name}
            value={option.value}
            label={option.label}
            required
            defaultChecked={defaultValue === option.value}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        ))}
      </div>
    </Fieldset>
  );
}

export function ExperienceSelect(bound: Bound) {
  return (
    <SelectField label="How long have you been performing?" required {...bound} defaultValue={bound.defaultValue ?? ""} wrapperClassName="max-w-sm">
      <option value="">Select an option</option>
      <Options items={EXPERIENCE_LABELS} />
    </SelectField>
  );
}

export function PaidEventsQuestion(bound: Bound) {
  return <RadioGroup legend="Have you performed at paid events?" options={PAID_EVENTS_LABELS} {...bound} />;
}

export function TravelQuestion(bound: Bound) {
  return <RadioGroup legend="Are you willing to travel for events?" options={TRAVEL_LABELS} {...bound} />;
}

/** One of the application's required questions, by name (what the one-tap form asks). */
export function RequiredQuestionField({ question, bound }: { question: string; bound: Bound }) {
  switch (question) {
    case "fullName":
      return <TextField label="Full name" required autoComplete="name" {...bound} />;
    case "city":
      return <TextField label="City" required autoComplete="address-level2" {...bound} />;
    case "state":
      return <StateSelect emptyLabel="Select a state" required autoComplete="address-level1" {...bound} defaultValue={bound.defaultValue ?? ""} />;
    case "experience":
      return <ExperienceSelect {...bound} />;
    case "paidEvents":
      return <PaidEventsQuestion {...bound} />;
    case "travel":
      return <TravelQuestion {...bound} />;
    case "bio":
      return <TextAreaField label="Bio" required rows={5} placeholder="Tell us about yourself and your performances" {...bound} />;
    default:
      return null;
  }
}
