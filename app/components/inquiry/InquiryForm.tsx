import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useActionData, useFetcher } from "react-router";
import { notify } from "~/components/layout/notify";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { Choice, FieldError, Fieldset, RequiredMark, TextAreaField, TextField } from "~/components/ui/Field";
import { HoneypotField } from "~/components/ui/HoneypotField";
import { cx } from "~/components/ui/cx";
import { StateSelect } from "~/components/ui/StateSelect";
import { fieldBinder, useFieldErrors } from "~/components/ui/useFieldErrors";
import { EVENT_TYPES, MESSAGE_MAX_LENGTH } from "~/lib/constants";
import { parseForm, type FieldErrors } from "~/lib/form";
import { INQUIRY_FAILED, type Captcha, type InquiryActionResult } from "~/lib/inquiry-fields";
// Types only: the schema module (and Zod with it) is imported on demand, see loadChecker.
import type * as InquirySchemaModule from "~/lib/inquiry-schema";

export interface InquiryFormProps {
  profileId: string;
  performerName: string;
  /** Where the form posts; the profile page's own action by default. */
  action?: string;
}

/** "idle" until hydration: the server-rendered (shared, cached) page never carries a question. */
type CaptchaState = { status: "idle" | "loading" | "failed" } | { status: "ready"; captcha: Captcha };

function isInquiryResult(value: unknown): value is InquiryActionResult {
  return typeof value === "object" && value !== null && "ok" in value && "captcha" in value;
}

function isCaptcha(value: unknown): value is Captcha {
  if (typeof value !== "object" || value === null) return false;
  const { a, b, token } = value as Record<string, unknown>;
  return Number.isInteger(a) && Number.isInteger(b) && typeof token === "string" && token !== "";
}

async function fetchCaptcha(): Promise<Captcha> {
  const response = await fetch("/captcha", { cache: "no-store", headers: { Accept: "application/json" } });
  const body: unknown = response.ok ? await response.json() : null;
  if (!isCaptcha(body)) throw new Error(`captcha request answered ${response.status}`);
  return body;
}

type InquiryChecker = typeof InquirySchemaModule;

/**
 * The inquiry form on a profile. Without JavaScript it is a plain POST and the page comes back with
 * the result (and, the first time, with the math question: the cached page has none). With it, the
 * question is fetched as the form appears, the fields are checked as the visitor submits (the schema
 * loads when they first focus a field), the send happens in the background, a toast reports it and
 * the form resets. The question always comes from the server.
 */
export function InquiryForm({ profileId, performerName, action }: InquiryFormProps) {
  const id = useId();
  const formAction = action ?? `/profile/${encodeURIComponent(profileId)}`;
  const fetcher = useFetcher<InquiryActionResult>({ key: `inquiry-${profileId}` });
  const actionData = useActionData<unknown>();
  // A no-JavaScript post re-renders the page with the action's answer; a background send puts it on the fetcher.
  const pageResult = isInquiryResult(actionData) ? actionData : undefined;
  const result = fetcher.data ?? pageResult;
  const formRef = useRef<HTMLFormElement>(null);
  const checker = useRef<Promise<InquiryChecker> | null>(null);
  const kept = pageResult && !pageResult.ok ? pageResult.values : undefined;
  const [messageLength, setMessageLength] = useState(kept?.message.length ?? 0);
  const [captchaState, setCaptchaState] = useState<CaptchaState>(() =>
    pageResult ? { status: "ready", captcha: pageResult.captcha } : { status: "idle" },
  );
  const [checking, setChecking] = useState(false);
  const sending = checking || fetcher.state !== "idle";
  const question = captchaState.status === "ready" ? captchaState.captcha : null;
  const { errors, report, clearChanged } = useFieldErrors(result && !result.ok ? result.errors : undefined);
  const field = fieldBinder(id, kept, errors);

  const loadCaptcha = useCallback(() => {
    setCaptchaState({ status: "loading" });
    fetchCaptcha().then(
      (captcha) => setCaptchaState({ status: "ready", captcha }),
      () => setCaptchaState({ status: "failed" }),
    );
  }, []);

  useEffect(() => {
    if (!pageResult) loadCaptcha();
    // Only on mount: later questions arrive with each answer of the action.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const data = fetcher.data;
    if (!data) return;
    // Every answer carries the next question: a new one after a send or a wrong answer.
    setCaptchaState({ status: "ready", captcha: data.captcha });
    if (data.ok) {
      notify("success", data.message);
      formRef.current?.reset();
      setMessageLength(0);
    } else if (data.message || Object.keys(data.errors).length === 0) {
      notify("error", data.message || INQUIRY_FAILED);
    }
  }, [fetcher.data]);

  function loadChecker() {
    checker.current ??= import("~/lib/inquiry-schema");
    return checker.current;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (sending) return;
    setChecking(true);
    let next: FieldErrors | null = null;
    try {
      const checked = parseForm((await loadChecker()).inquirySchema, new FormData(form));
      next = checked.ok ? null : checked.errors;
    } catch {
      // The checker could not load (offline, new deployment): the server checks everything anyway.
      checker.current = null;
    } finally {
      setChecking(false);
    }
    report(form, next);
    if (!next) fetcher.submit(form, { method: "post", action: formAction });
  }

  const over = messageLength > MESSAGE_MAX_LENGTH;
  const banner = result && !sending ? (result.ok ? result.message : (result.message ?? null)) : null;


  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={formAction}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={() => void loadChecker().catch(() => (checker.current = null))}
      onChange={clearChanged}
      aria-label={`Send ${performerName} a message`}
      className="space-y-5"
    >
      <input type="hidden" name="intent" value="inquiry" />
      {question ? <input type="hidden" name="captchaToken" value={question.token} /> : null}
      <p className="text-sm text-slate-700">
        Your message goes to {performerName} by email. They reply to you directly; fields marked * are required.
      </p>
      {banner ? (
        <Alert tone={result?.ok ? "success" : "error"}>{banner}</Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" required autoComplete="name" {...field("name")} />
        <TextField label="Email" type="email" required autoComplete="email" {...field("email")} />
        <TextField label="Phone" type="tel" required autoComplete="tel" {...field("phone")} />
        <TextField label="Event date (optional)" type="date" {...field("eventDate")} />
        <TextField label="City" required autoComplete="address-level2" {...field("city")} />
        <div className="grid grid-cols-2 gap-4">
          <StateSelect emptyLabel="Select" required autoComplete="address-level1" {...field("state")} defaultValue={kept?.state ?? ""} />
          <TextField label="ZIP code" required inputMode="numeric" autoComplete="postal-code" maxLength={10} {...field("zip")} />
        </div>
      </div>
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
            onRetry={loadCaptcha}
          />
        )}
      </div>
      <HoneypotField />
      <Button type="submit" size="lg" disabled={sending}>
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </fetcher.Form>
  );
}

/** Where the math question goes until it arrives (or when it could not be fetched). */
function CaptchaPending({
  id,
  status,
  error,
  onRetry,
}: {
  id: string;
  status: "idle" | "loading" | "failed";
  error?: string;
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
          <p className="text-sm text-slate-700">Press Send Message and the math question will appear here.</p>
        </noscript>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
