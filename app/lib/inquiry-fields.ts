// The inquiry form's field names, texts and form reading, without Zod: the form component imports
// this eagerly and loads the schema (./inquiry-schema, which re-exports all of this) only when the
// visitor starts filling the form in.

export const INQUIRY_HONEYPOT = "company_website";
export const INQUIRY_SENT = "Message sent successfully!";
export const INQUIRY_FAILED = "Failed to send message";
export const CAPTCHA_WRONG = "Incorrect captcha answer";
export const CAPTCHA_MISSING = "Please answer the math problem";
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

export function inquiryValuesFrom(form: FormData): InquiryValues {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
    message: text("message"),
    eventTypes: form.getAll("eventTypes").filter((v): v is string => typeof v === "string"),
    eventDate: text("eventDate"),
  };
}

/** Everything the schema reads from a submitted form. */
export function inquiryFormInput(form: FormData) {
  const answer = form.get("captchaAnswer");
  const token = form.get("captchaToken");
  return {
    ...inquiryValuesFrom(form),
    captchaAnswer: typeof answer === "string" ? answer : "",
    captchaToken: typeof token === "string" ? token : "",
  };
}
