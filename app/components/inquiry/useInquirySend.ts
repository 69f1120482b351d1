import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useActionData, useFetcher } from "react-router";
import { notify } from "~/components/layout/notify";
import { useFieldErrors } from "~/components/ui/useFieldErrors";
import { parseForm, type FieldErrors } from "~/lib/form";
import {
  INQUIRY_FAILED,
  type Captcha,
  type InquiryActionResult,
  type InquiryValues,
  type ShortlistInquiryActionResult,
} from "~/lib/inquiry-fields";
import { readSearchPlace } from "~/lib/last-search-place";
import { loadConfirmation } from "./LazyConfirmation";
// Types only: the schema module (and Zod with it) is imported on demand, see loadChecker.
import type * as InquirySchemaModule from "~/lib/inquiry-schema";

/** "idle" until hydration: the server-rendered (shared, cached) page never carries a question. */
export type CaptchaState = { status: "idle" | "loading" | "failed" } | { status: "ready"; captcha: Captcha };

type AnyResult = InquiryActionResult | ShortlistInquiryActionResult;
type Schemas = typeof InquirySchemaModule;

function isInquiryResult(value: unknown): value is AnyResult {
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

/**
 * Fills the empty city, state and ZIP fields from the place the visitor last searched or browsed
 * (app/lib/last-search-place.ts). Runs after hydration only and never replaces what is there.
 */
function prefillPlace(form: HTMLFormElement | null) {
  const place = readSearchPlace();
  if (!form || !place) return;
  for (const name of ["city", "state", "zip"] as const) {
    const value = place[name];
    const control = form.elements.namedItem(name);
    if (value && (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) && control.value === "") {
      control.value = value;
    }
  }
}

interface InquirySendOptions {
  /** The fetcher's key: one background send per form. */
  key: string;
  /** Where the form posts. */
  action: string;
  /**
   * The id of the element a post without JavaScript lands at (the form's own section), so the
   * answer (errors, the math question, "Message sent") is in view rather than the page's top.
   */
  landAt?: string;
  /** Which of the schema module's schemas checks the form in the browser. */
  schema: "inquirySchema" | "shortlistInquirySchema";
}

/**
 * Everything an inquiry form does besides its fields. Without JavaScript it is a plain POST and the
 * page comes back with the result (and, the first time, with the math question: the cached page
 * has none). With it, the question is fetched as the form appears, the fields are checked as the
 * visitor submits (the schema loads when they first focus a field), the send happens in the
 * background, and a successful one replaces the form by its confirmation until the visitor asks
 * for another form. The question always comes from the server.
 */
export function useInquirySend<Result extends AnyResult>({ key, action, schema, landAt }: InquirySendOptions) {
  const fetcher = useFetcher<Result>({ key });
  const actionData = useActionData<unknown>();
  // A no-JavaScript post re-renders the page with the action's answer; a background send puts it on the fetcher.
  const pageResult = isInquiryResult(actionData) ? (actionData as Result) : undefined;
  // The results are plain JSON shapes, which serialization leaves as they are.
  const result = (fetcher.data as Result | undefined) ?? pageResult;
  const formRef = useRef<HTMLFormElement>(null);
  const checker = useRef<Promise<Schemas> | null>(null);
  const kept = pageResult && !pageResult.ok ? (pageResult.values as InquiryValues | undefined) : undefined;
  const [messageLength, setMessageLength] = useState(kept?.message.length ?? 0);
  const [captchaState, setCaptchaState] = useState<CaptchaState>(() =>
    pageResult ? { status: "ready", captcha: pageResult.captcha } : { status: "idle" },
  );
  const [checking, setChecking] = useState(false);
  // The send whose confirmation the visitor put away ("Send another message").
  const [dismissed, setDismissed] = useState<number | null>(null);
  const sending = checking || fetcher.state !== "idle";
  const { errors, report, clearChanged } = useFieldErrors(result && !result.ok ? result.errors : undefined);
  const sent = result?.ok && result.sentAt !== dismissed ? (result as Extract<Result, { ok: true }>) : null;
  // A performer marked the event date booked: the form asks before sending (nothing was sent).
  const booked = result && !result.ok && !sending ? (result.booked ?? null) : null;

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

  // Each time a form is shown (first, and after "Send another message"), fill in the searched place.
  const formShown = sent === null;
  useEffect(() => {
    if (formShown) prefillPlace(formRef.current);
  }, [formShown]);

  useEffect(() => {
    const data = fetcher.data;
    if (!data) return;
    // Every answer carries the next question: a new one after a send or a wrong answer.
    setCaptchaState({ status: "ready", captcha: data.captcha });
    // Success shows the confirmation in place of the form; a failure not tied to a field is a toast.
    // A booked day is not a failure: the form asks the visitor (BookedWarning).
    if (!data.ok && !data.booked && (data.message || Object.keys(data.errors).length === 0)) notify("error", data.message || INQUIRY_FAILED);
  }, [fetcher.data]);

  function loadChecker() {
    checker.current ??= import("~/lib/inquiry-schema");
    return checker.current;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // "Ask anyway" is a button with a name and value of its own, which the post must carry; read now,
    // since the warning (and the button with it) steps aside while the form is checked.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const pressed = submitter instanceof HTMLButtonElement && submitter.name ? { name: submitter.name, value: submitter.value } : null;
    if (sending) return;
    setChecking(true);
    let next: FieldErrors | null = null;
    try {
      const checked = parseForm((await loadChecker())[schema], new FormData(form));
      next = checked.ok ? null : checked.errors;
    } catch {
      // The checker could not load (offline, new deployment): the server checks everything anyway.
      checker.current = null;
    } finally {
      setChecking(false);
    }
    report(form, next);
    if (next) return;
    const body = new FormData(form);
    if (pressed) body.set(pressed.name, pressed.value);
    fetcher.submit(body, { method: "post", action });
  }

  /** Puts the confirmation away and shows an empty form with the question the send brought. */
  function sendAnother() {
    if (!result?.ok) return;
    setDismissed(result.sentAt);
    setMessageLength(0);
  }

  return {
    fetcher,
    formRef,
    result,
    sent,
    booked,
    // The unspent answer a page rendered without JavaScript keeps for "Ask anyway" (a live form keeps what was typed).
    keptAnswer: pageResult && !pageResult.ok ? pageResult.booked?.answer : undefined,
    kept,
    errors,
    clearChanged,
    sending,
    captchaState,
    loadCaptcha,
    messageLength,
    setMessageLength,
    sendAnother,
    formProps: {
      ref: formRef,
      method: "post" as const,
      action: landAt ? `${action}#${landAt}` : action,
      noValidate: true,
      onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
      onFocus: () => {
        loadChecker().catch(() => (checker.current = null));
        // What replaces the form once sent; a failure here is tried again when it is shown.
        loadConfirmation().catch(() => undefined);
      },
      onChange: clearChanged,
    },
  };
}

export type InquirySend = ReturnType<typeof useInquirySend>;
