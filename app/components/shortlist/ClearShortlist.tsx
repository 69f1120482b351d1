import { useEffect, useId, useRef, useState } from "react";
import { Button, buttonClass } from "~/components/ui/Button";

/** "Clear shortlist", asked once more in place before everything goes. */
export function ClearShortlist({ count, onClear }: { count: number; onClear: () => void }) {
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    // Focus follows the question, and goes back to the button when the visitor keeps the list.
    if (asking) confirmRef.current?.focus();
    else if (wasAsking.current) openRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button
        ref={openRef}
        type="button"
        className={buttonClass("ghost", "md", "min-h-11 underline underline-offset-2")}
        onClick={() => setAsking(true)}
      >
        Clear shortlist
      </button>
    );
  }
  return (
    <div role="group" aria-labelledby={questionId} className="basis-full rounded-lg border border-slate-300 bg-white p-4">
      <p id={questionId} className="text-sm font-semibold text-slate-900">
        Remove all {count} {count === 1 ? "performer" : "performers"} from your shortlist?
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button ref={confirmRef} type="button" className={buttonClass("dangerConfirm", "md", "min-h-11")} onClick={onClear}>
          Yes, clear it
        </button>
        <Button variant="secondary" className="min-h-11" onClick={() => setAsking(false)}>
          Keep my shortlist
        </Button>
      </div>
    </div>
  );
}
