// Sharing an address from the browser, the same way everywhere: the phone's share sheet where the
// browser has one (Web Share API), otherwise a copy to the clipboard.

/** What became of the link: shared through the sheet, copied, the sheet closed, or neither worked. */
export type ShareOutcome = "shared" | "copied" | "dismissed" | "failed";

export async function shareLink(data: { title: string; url: string }): Promise<ShareOutcome> {
  if (typeof navigator.share === "function" && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return "shared";
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
      if (error instanceof DOMException && error.name === "AbortError") return "dismissed";
    }
  }
  try {
    await navigator.clipboard.writeText(data.url);
    return "copied";
  } catch {
    return "failed";
  }
}
