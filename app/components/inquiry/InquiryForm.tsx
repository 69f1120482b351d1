import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useActionData, useFetcher } from "react-router";
import { toast } from "sonner";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { Fieldset, SelectField, TextAreaField, TextField } from "~/components/ui/Field";
import { cx } from "~/components/ui/cx";
import { EVENT_TYPES, MESSAGE_MAX_LENGTH } from "~/lib/constants";
import { INQUIRY_FAILED, INQUIRY_HONEYPOT, firstErrors, inquiryFormInput, inquirySchema, type InquiryValues } from "~/lib/inquiry-schema";
import { US_STATES } from "~/lib/us-states";

export interface InquiryFormProps {
  profileId: string;
  performerName: string;
  captcha: { a: number; b: number; token: string };
  /** Where the form posts; the profile page's own action by default. */
  action?: string;
}

/** What the profile action answers (see handleInquirySubmission); only the parts the form reads. */
type InquiryResult =
  | { ok: true; message: string; captcha: InquiryFormProps["captcha"]; sentAt: number }
  | {
      ok: false;
      errors: Record<string, string>;
      message?: string;
      values?: InquiryValues;
      captcha: InquiryFormProps["captcha"];
    };

function isInquiryResult(value: unknown): value is InquiryResult {
  return typeof value === "object" && value !== null && "ok" in value && "captcha" in value;
}


/**
 * The inquiry form on a profile. Without JavaScript it is a plain POST and the page comes back with
 * the result; with it, the fields are checked as the visitor submits, the send happens in the
 * background, a toast reports it and the form resets. The math question always comes from the server.
 */
export function InquiryForm({ profileId, performerName, captcha, action }: InquiryFormProps) {
  const id = useId();
  const fetcher = useFetcher<InquiryResult>({ key: `inquiry-${profileId}` });
  const actionData = useActionData<unknown>();
  // A no-JavaScript post re-renders the page with the action's answer; a background send puts it on the fetcher.
  const pageResult = isInquiryResult(actionData) ? actionData : undefined;
  const result = fetcher.data ?? pageResult;
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const kept = pageResult && !pageResult.ok ? pageResult.values : undefined;
  const [messageLength, setMessageLength] = useState(kept?.message.length ?? 0);
  const sending = fetcher.state !== "idle";
  const question = result?.captcha ?? captcha;
  const errors = clientErrors ?? (result && !result.ok ? result.errors : {});

  useEffect(() => {
    const data = fetcher.data;
    if (!data) return;
    setClientErrors(null);
    if (data.ok) {
      toast.success(data.message);
      formRef.current?.reset();
      setMessageLength(0);
    } else if (data.message || Object.keys(data.errors).length === 0) {
      toast.error(data.message || INQUIRY_FAILED);
    }
  }, [fetcher.data]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const parsed = inquirySchema.safeParse(inquiryFormInput(new FormData(form)));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const next = firstErrors(parsed.error);
    setClientErrors(next);
    const first = Object.keys(next)[0];
    const field = first ? form.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) field.focus();
    else if (field instanceof RadioNodeList && field[0] instanceof HTMLElement) field[0].focus();
  }

  function clear(name: string) {
    setClientErrors((current) => {
      const base = current ?? (result && !result.ok ? result.errors : {});
      if (!(name in base)) return current;
      const rest = { ...base };
      delete rest[name];
      return rest;
    });
  }

  const over = messageLength > MESSAGE_MAX_LENGTH;
  const banner = result && !sending ? (result.ok ? result.message : (result.message ?? null)) : null;


  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action ?? `/profile/${encodeURIComponent(profileId)}`}
      noValidate
      onSubmit={onSubmit}
      onChange={(e) => {
        const target = e.target;
        if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) {
          clear(target.name);
        }
      }}
      aria-label={`Send ${performerName} a message`}
      className="space-y-5"
    >
      <input type="hidden" name="intent" value="inquiry" />
      <input type="hidden" name="captchaToken" value={question.token} />
      <p className="text-sm text-slate-700">
        Your message goes to {performerName} by email. They reply to you directly; fields marked * are required.
      </p>
      {banner ? (
        <Alert tone={result?.ok ? "success" : "error"}>{banner}</Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-name`}
          label="Name"
          name="name"
          required
          autoComplete="name"
          defaultValue={kept?.name}
          error={errors.name}
        />
        <TextField
          id={`${id}-email`}
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="email"
          defaultValue={kept?.email}
          error={errors.email}
        />
        <TextField
          id={`${id}-phone`}
          label="Phone"
          name="phone"
          type="tel"
          required
          autoComplete="tel"
          defaultValue={kept?.phone}
          error={errors.phone}
        />
        <TextField
          id={`${id}-eventDate`}
          label="Event date (optional)"
          name="eventDate"
          type="date"
          defaultValue={kept?.eventDate}
          error={errors.eventDate}
        />
        <TextField
          id={`${id}-city`}
          label="City"
          name="city"
          required
          autoComplete="address-level2"
          defaultValue={kept?.city}
          error={errors.city}
        />
        <div className="grid grid-cols-2 gap-4">
          <SelectField
            id={`${id}-state`}
            label="State"
            name="state"
            required
            autoComplete="address-level1"
            defaultValue={kept?.state ?? ""}
            error={errors.state}
          >
            <option value="">Select</option>
            {US_STATES.map((s) => (
              <option key={s.abbreviation} value={s.abbreviation}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <TextField
            id={`${id}-zip`}
            label="ZIP code"
            name="zip"
            required
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            defaultValue={kept?.zip}
            error={errors.zip}
          />
        </div>
      </div>
      <Fieldset legend="Event type" id={`${id}-eventTypes`} error={errors.eventTypes}>
        <div className="grid gap-2 sm:grid-cols-2">
          {EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="eventTypes"
                value={type}
                defaultChecked={kept?.eventTypes.includes(type)}
                className="h-4 w-4 rounded border-slate-400 accent-brand-700"
              />
              {type}
            </label>
          ))}
        </div>
      </Fieldset>
      <TextAreaField
        id={`${id}-message`}
        label="Message"
        name="message"
        required
        rows={5}
        defaultValue={kept?.message}
        onChange={(e) => setMessageLength(e.target.value.length)}
        error={errors.message}
        hint={
          <span className={cx(over && "font-semibold text-red-700")}>
            {messageLength}/{MESSAGE_MAX_LENGTH} characters
          </span>
        }
      />
      <div className="max-w-xs">
        <TextField
          // A new question clears the old answer.
          key={question.token}
          id={`${id}-captcha`}
          label={`What is ${question.a} + ${question.b}?`}
          name="captchaAnswer"
          required
          inputMode="numeric"
          autoComplete="off"
          hint="A quick check that you are a person."
          error={errors.captchaAnswer ?? errors.captchaToken}
        />
      </div>
      {/* Hidden from people and assistive technology; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-hp`}>Leave this field empty</label>
        <input id={`${id}-hp`} type="text" name={INQUIRY_HONEYPOT} tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" size="lg" disabled={sending}>
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </fetcher.Form>
  );
}
