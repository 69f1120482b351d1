import { useState } from "react";
import { buttonClass } from "~/components/ui/Button";
import { useHydrated } from "~/components/ui/useHydrated";
import { shareLink } from "~/lib/share-link";

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
    const outcome = await shareLink({ title: `${name} on CostumeCast`, url: new URL(path, window.location.origin).toString() });
    if (outcome === "copied" || outcome === "failed") setStatus(outcome);
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
