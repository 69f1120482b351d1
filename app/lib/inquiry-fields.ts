// The inquiry form's texts and shapes, without Zod: the form component imports this eagerly and
// loads the schema (./inquiry-schema) only when the visitor starts filling the form in.

export const INQUIRY_SENT = "Message sent successfully!";
export const INQUIRY_FAILED = "Failed to send message";
export const CAPTCHA_WRONG = "Incorrect captcha answer";
export const CAPTCHA_MISSING = "Please answer the math problem";
/** The answer came with a question that expired or that this server did not sign. */
export const CAPTCHA_EXPIRED = "The math problem has expired. Please answer the new one.";

/** What the visitor typed, kept so a failed send never loses it. */
export interface InquiryValues {
  name: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  zip: string;
  message: string;
  eventTypes: string[];
  eventDate: string;
}

/** The math question the server issues: the digits to add and the signed token the answer goes with. */
export interface Captcha {
  a: number;
  b: number;
  token: string;
}

/** What the profile page's action answers to an inquiry (app/server/inquiries.server.ts). */
export type InquiryActionResult =
  | { ok: true; message: string; captcha: Captcha; sentAt: number }
  | {
      ok: false;
      errors: Record<string, string>;
      message?: string;
      /** The text the visitor typed, so a page rendered without JavaScript keeps it. */
      values?: InquiryValues;
      /** The question to show next (the same one while it is still unanswered and valid). */
      captcha: Captcha;
    };
