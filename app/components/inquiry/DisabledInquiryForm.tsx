import { useId } from "react";
import { InquiryFields, type InquiryFieldsState } from "./InquiryFields";

// Nothing is ever typed here, sent or checked: the fields are shown as they start out.
const UNTOUCHED: InquiryFieldsState = {
  kept: undefined,
  errors: {},
  captchaState: { status: "idle" },
  loadCaptcha: () => undefined,
  messageLength: 0,
  setMessageLength: () => undefined,
  sending: false,
};

/**
 * The profile's inquiry form as visitors get it, every control switched off: what the owner's
 * preview shows in its place. The disabled fieldset keeps it from being filled in or sent, with
 * or without scripts, so it needs no action and no handlers.
 */
export function DisabledInquiryForm({ performerName, describedBy }: { performerName: string; describedBy: string }) {
  const id = useId();
  return (
    <form aria-label={`Send ${performerName} a message`} aria-describedby={describedBy} className="space-y-5">
      <p className="text-sm text-slate-700">
        Your message goes to {performerName} by email. They reply to you directly; fields marked * are required.
      </p>
      <fieldset disabled className="space-y-5">
        <InquiryFields id={id} send={UNTOUCHED} submitLabel="Send Message" />
      </fieldset>
    </form>
  );
}
