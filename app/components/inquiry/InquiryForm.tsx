// STUB owned by engineer h4b, who replaces this file with the real inquiry form.
export interface InquiryFormProps {
  profileId: string;
  performerName: string;
  captcha: { a: number; b: number; token: string };
}

export function InquiryForm({ performerName }: InquiryFormProps) {
  return <p>Contact form for {performerName} coming soon.</p>;
}
