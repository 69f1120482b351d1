import type { ReactNode } from "react";
import { Button } from "~/components/ui/Button";
import { Choice, FieldError, Fieldset, Options, RequiredMark, SelectField, TextAreaField, TextField } from "~/components/ui/Field";
import { HoneypotField } from "~/components/ui/HoneypotField";
import { cx } from "~/components/ui/cx";
import { StateSelect } from "~/components/ui/StateSelect";
import { fieldBinder } from "~/components/ui/useFieldErrors";
import { EVENT_TYPES, MESSAGE_MAX_LENGTH } from "~/lib/constants";
import { CHILD_AGE_MAX, CHILDREN_COUNT_MAX, EVENT_LENGTHS } from "~/lib/inquiry-fields";
import type { CaptchaState, InquirySend } from "./useInquirySend";

const LENGTH_OPTIONS = EVENT_LENGTHS.map((length) => ({ value: String(length.minutes), label: length.label }));

/** What the fields show of a send: what was kept and refused, the math question, the count of characters. */
export type InquiryFieldsState = Pick<
  InquirySend,
  "kept" | "errors" | "captchaState" | "loadCaptcha" | "messageLength" | "setMessageLength" | "sending"
>;

interface InquiryFieldsProps {
  id: string;
  send: InquiryFieldsState;
  submitLabel: string;
  /** The event date to start from when nothing was typed yet: the party date the visitor came with. */
  defaultEventDate?: string;
  /** The math answer a page rendered without JavaScript keeps, when its question is still unspent. */
  keptAnswer?: string;
  /** What follows the send button (the booked-day question, beside the button the visitor pressed). */
  afterSubmit?: ReactNode;
}

/**
 * The fields every inquiry form has (a profile's, "Ask them all", and the preview's switched-off
 * copy), from the sender's details to the math question and the hidden honeypot: the form around
 * them says where it goes.
 */
export function InquiryFields({ id, send, submitLabel, defaultEventDate, keptAnswer, afterSubmit }: InquiryFieldsProps) {
  const { kept, errors, captchaState, loadCaptcha, messageLength, setMessageLength, sending } = send;
  const field = fieldBinder(id, kept, errors);
  const question = captchaState.status === "ready" ? captchaState.captcha : null;
  const over = messageLength > MESSAGE_MAX_LENGTH;
  return (
    <>
      {question ? <input type="hidden" name="captchaToken" value={question.token} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" required autoComplete="name" {...field("name")} />
        <TextField label="Email" type="email" required autoComplete="email" {...field("email")} />
        <TextField label="Phone" type="tel" required autoComplete="tel" {...field("phone")} />
        <TextField label="Event date (optional)" type="date" {...field("eventDate")} defaultValue={kept?.eventDate ?? defaultEventDate} />
        <TextField label="City" required autoComplete="address-level2" {...field("city")} />
        <div className="grid grid-cols-2 gap-4">
          <StateSelect emptyLabel="Select" required autoComplete="address-level1" {...field("state")} defaultValue={kept?.state ?? ""} />
          <TextField label="ZIP code" required inputMode="numeric" autoComplete="postal-code" maxLength={10} {...field("zip")} />
        </div>
      </div>
      <Fieldset legend="Event details (optional)" id={`${id}-details`}>
        <p className="text-sm text-slate-600">Helps the performer answer with a price and a plan straight away.</p>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <TextField label="Start time" type="time" {...field("eventStartTime")} />
          <SelectField label="Length" {...field("eventLengthMinutes")} defaultValue={kept?.eventLengthMinutes ?? ""}>
            <option value="">Select</option>
            <Options items={LENGTH_OPTIONS} />
          </SelectField>
          <TextField label="Number of children" type="number" inputMode="numeric" min={1} max={CHILDREN_COUNT_MAX} step={1} {...field("childrenCount")} />
          <TextField label="Child's age" type="number" inputMode="numeric" min={0} max={CHILD_AGE_MAX} step={1} {...field("childAge")} />
        </div>
      </Fieldset>
      <Fieldset legend="Event type" id={`${id}-eventTypes`} error={errors.eventTypes}>
        <div className="grid gap-2 sm:grid-cols-2">
          {EVENT_TYPES.map((type) => (
            <Choice key={type} name="eventTypes" value={type} label={type} defaultChecked={kept?.eventTypes.includes(type)} />
          ))}
        </div>
      </Fieldset>
      <TextAreaField
        label="Message"
        required
        rows={5}
        {...field("message")}
        onChange={(e) => setMessageLength(e.target.value.length)}
        hint={
          <span className={cx(over && "font-semibold text-red-700")}>
            {messageLength}/{MESSAGE_MAX_LENGTH} characters
          </span>
        }
      />
      <div className="max-w-xs">
        {captchaState.status === "ready" ? (
          <TextField
            // A new question clears the old answer.
            key={captchaState.captcha.token}
            id={`${id}-captcha`}
            label={`What is ${captchaState.captcha.a} + ${captchaState.captcha.b}?`}
            name="captchaAnswer"
            defaultValue={keptAnswer}
            required
            inputMode="numeric"
            autoComplete="off"
            hint="A quick check that you are a person."
            error={errors.captchaAnswer ?? errors.captchaToken}
          />
        ) : (
          <CaptchaPending
            id={`${id}-captcha`}
            status={captchaState.status}
            error={errors.captchaAnswer ?? errors.captchaToken}
            submitLabel={submitLabel}
            onRetry={loadCaptcha}
          />
        )}
      </div>
      <HoneypotField />
      <p className="text-sm text-slate-700">
        We keep a copy of your message, and our team may read it to keep the site safe.{" "}
        <a href="/privacy" className="font-semibold text-brand-800 underline hover:no-underline">
          Privacy
        </a>
      </p>
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
        {sending ? "Sending..." : submitLabel}
      </Button>
      {afterSubmit}
    </>
  );
}

/** Where the math question goes until it arrives (or when it could not be fetched). */
function CaptchaPending({
  id,
  status,
  error,
  submitLabel,
  onRetry,
}: {
  id: string;
  status: Exclude<CaptchaState["status"], "ready">;
  error?: string;
  submitLabel: string;
  onRetry: () => void;
}) {
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium text-slate-800">
        Math question
        <RequiredMark />
      </p>
      {status === "failed" ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
          <span>The math question could not be loaded.</span>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : status === "loading" ? (
        <p role="status" className="text-sm text-slate-700">
          Loading the math question...
        </p>
      ) : (
        <noscript>
          <p className="text-sm text-slate-700">Press {submitLabel} and the math question will appear here.</p>
        </noscript>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
