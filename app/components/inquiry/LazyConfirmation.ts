import { lazy } from "react";
import type * as Confirmation from "./InquiryConfirmation";

// The confirmation that replaces an inquiry form once it is sent is code no visitor needs before
// sending, so it is not part of the page's first download: it starts loading when the visitor
// first focuses the form (useInquirySend) and is certainly there before a send comes back. The
// router shows a send's answer in a transition, so while it is still loading the form stays as it
// was ("Sending...") rather than a blank space. No Suspense boundary: the server, for a post sent
// without JavaScript, waits for it and sends the whole page.

type ConfirmationModule = typeof Confirmation;

let loading: Promise<ConfirmationModule> | null = null;

/** Starts loading the confirmation (again, if an earlier try failed). */
export function loadConfirmation(): Promise<ConfirmationModule> {
  loading ??= import("./InquiryConfirmation").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export const InquiryConfirmation = lazy(() => loadConfirmation().then((m) => ({ default: m.InquiryConfirmation })));
export const NextSteps = lazy(() => loadConfirmation().then((m) => ({ default: m.NextSteps })));
export const AskedPerformers = lazy(() => loadConfirmation().then((m) => ({ default: m.AskedPerformers })));
