// Shapes the dashboard's loader hands to the browser for the inbox (built in app/server/inbox.server.ts).

/** One row of the inbox list. */
export interface InquiryRow {
  id: string;
  senderName: string;
  eventTypes: string[];
  eventDate: string | null;
  isRead: boolean;
  createdAt: string;
}

/** One inquiry opened in full. */
export interface InquiryDetailView extends InquiryRow {
  senderEmail: string;
  phoneNumber: string;
  city: string;
  state: string;
  zip: string;
  message: string;
}
