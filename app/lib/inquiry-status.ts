// An inquiry's status as the performer sees it (issue 27): new until opened, read once opened, then
// replied or declined. Stored as contact_messages.is_read plus its latest `answer` (migration 0035),
// so everything that reads is_read (inbox counts, the admin, insights) keeps working unchanged.

export const INQUIRY_STATUSES = ["new", "read", "replied", "declined"] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export type InquiryAnswer = "replied" | "declined";

export function isInquiryAnswer(value: string | null | undefined): value is InquiryAnswer {
  return value === "replied" || value === "declined";
}

export function inquiryStatus(isRead: boolean, answer: string | null | undefined): InquiryStatus {
  if (isInquiryAnswer(answer)) return answer;
  return isRead ? "read" : "new";
}

export const STATUS_LABELS: Record<InquiryStatus, string> = {
  new: "Unread",
  read: "Read",
  replied: "Replied",
  declined: "Declined",
};
