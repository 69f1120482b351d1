import { useId, useRef, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/Button";
import { shareLink } from "~/lib/share-link";
import { shortlistHref } from "~/lib/shortlist";

type ShareState = { status: "idle" } | { status: "shared" | "copied" | "manual"; url: string };

/**
 * "Share this list": the phone's share sheet where the browser has one (Web Share API), otherwise
 * the link is copied. Either way the link is then shown, so it can be copied by hand when the
 * clipboard is refused.
 */
export function ShareShortlist({ ids, date, children }: { ids: readonly string[]; date?: string | null; children?: ReactNode }) {
  const [state, setState] = useState<ShareState>({ status: "idle" });
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const share = async () => {
    const url = new URL(shortlistHref(ids, date), window.location.origin).href;
    const outcome = await shareLink({ title: "A shortlist of performers", url });
    if (outcome === "dismissed") return;
    if (outcome === "failed") {
      setState({ status: "manual", url });
      requestAnimationFrame(() => inputRef.current?.select());
      return;
    }
    setState({ status: outcome, url });
  };

  const message =
    state.status === "copied"
      ? "Link copied. Paste it in a message to share this list."
      : state.status === "manual"
        ? "Copy this link to share the list:"
        : state.status === "shared"
          ? "Link shared."
          : "";

  return (
    <div className="space-y-2">
      {/* Other actions on the list (Clear) share the row. */}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" className="min-h-11" onClick={() => void share()}>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M12 15V3m0 0L7.5 7.5M12 3l4.5 4.5M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
          </svg>
          Share this list
        </Button>
        {children}
      </div>
      <p role="status" className="text-sm text-slate-700">
        {message}
      </p>
      {state.status !== "idle" ? (
        <div>
          <label htmlFor={inputId} className="sr-only">
            Link to this list
          </label>
          <input
            ref={inputRef}
            id={inputId}
            readOnly
            value={state.url}
            onFocus={(event) => event.currentTarget.select()}
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-slate-50 px-3 text-sm text-slate-900"
          />
        </div>
      ) : null}
    </div>
  );
}
