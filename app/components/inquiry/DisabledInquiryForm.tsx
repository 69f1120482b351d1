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
 * The profile's inquiry form as visitors get it, every control switched off, under the spec's note:
 * what the owner's previews show in its place. The disabled fieldset keeps it from being filled in
 * or sent, with or without scripts, so it needs no action and no handlers.
 */
export function DisabledInquiryForm({ performerName, listed }: { performerName: string; listed: boolean }) {
  const id = useId();
  return (
    <>
      <p id={`${id}-note`} className="text-sm text-slate-700">
        {listed
          ? "Clients use this form on your public profile; it is switched off in the preview."
          : "The contact form becomes available once your listing is activated."}
      </p>
      <form aria-label={`Send ${performerName} a message`} aria-describedby={`${id}-note`} className="mt-4 space-y-5">
        <input type="hidden" name="intent" value="inquiry" />
        <p className="text-sm text-slate-700">
          Your message goes to {performerName} by email. They reply to you directly; fields marked * are required.
        </p>
        <fieldset disabled className="space-y-5">
          <InquiryFields id={id} send={UNTOUCHED} submitLabel="Send Message" />
        </fieldset>
      </form>
    </>
  );
}
