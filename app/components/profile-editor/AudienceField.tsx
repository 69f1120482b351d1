import type { ChangeEvent } from "react";
import { FieldError, RequiredMark } from "~/components/ui/Field";
import { AUDIENCE_LABELS, AUDIENCES, type Audience } from "~/lib/audience";

// "Who are your shows for?": one answer of three, asked by the profile editor and, for a profile
// that has none yet, by the dashboard. Each answer is a card the size of a thumb (the whole card
// selects it), its explanation read out with it.

const EXPLANATIONS: Record<Audience, string> = {
  kids: "Birthday parties, schools and family events. Your shows are family-friendly.",
  all: "Family-friendly shows that suit children and grown-ups alike.",
  adults: "Nightlife, costume balls and other 18+ events. Families won't see you unless they ask for adult events.",
};

export const AUDIENCE_QUESTION = "Who are your shows for?";

/** The id of the first answer, which gets the focus when the question is the first thing to fix. */
export function audienceInputId(idPrefix: string): string {
  return `${idPrefix}-${AUDIENCES[0]}`;
}

export function AudienceField({
  idPrefix,
  value,
  error,
  onChange,
  legendClassName = "text-sm font-medium text-slate-800",
}: {
  /** Each answer's id is `${idPrefix}-${answer}`; the message's is `${idPrefix}-error`. */
  idPrefix: string;
  /** The answer held so far ("" for none). */
  value: string;
  error?: string | null;
  onChange?: (answer: Audience, event: ChangeEvent<HTMLInputElement>) => void;
  legendClassName?: string;
}) {
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} className="space-y-2">
      <legend className={legendClassName}>
        {AUDIENCE_QUESTION}
        <RequiredMark />
      </legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {AUDIENCES.map((answer) => {
          const id = `${idPrefix}-${answer}`;
          return (
            // The label is stretched over the card, so a tap anywhere on it chooses the answer.
            <div
              key={answer}
              className="relative flex min-h-11 gap-3 rounded-lg border border-slate-300 bg-white p-3 focus-within:ring-2 focus-within:ring-brand-600 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                id={id}
                type="radio"
                name="audience"
                value={answer}
                required
                defaultChecked={value === answer}
                aria-describedby={`${id}-desc`}
                onChange={onChange ? (event) => onChange(answer, event) : undefined}
                // Above the stretched label, so the button itself takes its own taps.
                className="relative z-10 mt-0.5 h-5 w-5 shrink-0 border-slate-400 accent-brand-700"
              />
              <div className="min-w-0">
                <label htmlFor={id} className="text-sm font-semibold text-slate-900 after:absolute after:inset-0 after:content-['']">
                  {AUDIENCE_LABELS[answer]}
                </label>
                <p id={`${id}-desc`} className="mt-0.5 text-sm text-slate-700">
                  {EXPLANATIONS[answer]}
                </p>
              </div>
            </div>
          );
        })}
      </div>
      <FieldError id={idPrefix} error={error} />
    </fieldset>
  );
}
