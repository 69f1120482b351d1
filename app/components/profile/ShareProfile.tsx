import { useState } from "react";
import { buttonClass } from "~/components/ui/Button";
import { useHydrated } from "~/components/ui/useHydrated";

type Status = "idle" | "copied" | "failed";

/**
 * Shares the profile's address: the phone's share sheet where the browser offers one (Web Share
 * API), otherwise a copy to the clipboard with a visible "Link copied". It needs scripts, so it is
 * not rendered until they run; without them the address bar is the way to share.
 */
export function ShareProfile({ name, path, className }: { name: string; path: string; className?: string }) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState<Status>("idle");
  if (!hydrated) return null;

  async function share() {
    const url = new URL(path, window.location.origin).toString();
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: `${name} on CostumeCast`, url });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
  }

  return (
    <div className={className}>
      <button type="button" onClick={() => void share()} className={buttonClass("secondary", "md", "min-h-11 w-full")}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 15V3M7.5 7.5 12 3l4.5 4.5M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
        </svg>
        Share this profile
      </button>
      <p role="status" className="mt-1 min-h-5 text-center text-sm text-slate-700">
        {status === "copied" ? "Link copied" : status === "failed" ? "Could not copy: the address bar has the link" : ""}
      </p>
    </div>
  );
}
