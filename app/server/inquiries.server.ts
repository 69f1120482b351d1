// STUB owned by engineer h4b, who replaces this file with the real inquiry handling.
import type { AppServices } from "./services.server";

export type InquiryActionResult = { ok: true; captcha: { a: number; b: number; token: string } } | { ok: false; errors: Record<string, string>; message?: string };

export async function handleInquirySubmission(
  _context: AppServices,
  _request: Request,
  _profileId: string,
): Promise<Response | InquiryActionResult> {
  return { ok: false, errors: {}, message: "Failed to send message" };
}
