import type { InquiryDetailView, ThreadEntry } from "./inbox-view";

// Shapes for the reply pages (issue 27): the performer's /dashboard/inquiries/:id/reply and the
// parent's /replies?token=.

/** What the parent's page shows: the performer's replies and declines, nothing the parent typed. */
export interface ParentThreadView {
  performerId: string;
  performerName: string;
  eventDate: string | null;
  /** The parent already confirmed the address for this inquiry. */
  addressConfirmed: boolean;
  /** The button may still confirm it (this link's token is unspent). */
  canConfirm: boolean;
  entries: ThreadEntry[];
}

export interface ReplyTemplateChoice {
  id: string;
  title: string;
  /** A starter every performer has, or one of their own. */
  starter: boolean;
}

export interface ReplyPageView {
  inquiry: InquiryDetailView;
  performerEmail: string;
  templates: ReplyTemplateChoice[];
  packages: { position: number; label: string }[];
  /** The template and package chosen (GET fields), and the reply they fill in. */
  chosenTemplate: string;
  chosenPackage: string;
  prefill: string;
  /** After a decline with a date: whether the performer's calendar already says booked that day. */
  dayBooked: boolean;
  /** The inquiry's date is still ahead in the performer's calendar (it can be marked booked). */
  dayAhead: boolean;
}
