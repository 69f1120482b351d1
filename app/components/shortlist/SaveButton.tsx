import { notify } from "~/components/layout/notify";
import { cx } from "~/components/ui/cx";
import { useHydrated } from "~/components/ui/useHydrated";
import { removeFromShortlist, saveToShortlist, SHORTLIST_MAX, useShortlist } from "~/lib/shortlist";
import { HeartIcon } from "./HeartIcon";

interface SaveButtonProps {
  id: string;
  name: string;
  /** "icon": a round heart over a card's photo; "labelled": heart and "Save"/"Saved", on the profile. */
  variant?: "icon" | "labelled";
  className?: string;
}

/**
 * Saves a performer to (or removes them from) the shortlist kept in this browser. It does nothing
 * without JavaScript, so until hydration it is rendered disabled; it sits above a card's stretched
 * link (z-10) so a tap on it never opens the profile.
 */
export function SaveButton({ id, name, variant = "icon", className }: SaveButtonProps) {
  const hydrated = useHydrated();
  const saved = useShortlist().some((entry) => entry.id === id);

  const toggle = () => {
    if (saved) {
      removeFromShortlist(id);
      return;
    }
    if (saveToShortlist({ id, name }) === "full") {
      notify("error", `Your shortlist holds ${SHORTLIST_MAX} performers. Remove one to save another.`);
    }
  };

  const label = saved ? `Remove ${name} from shortlist` : `Save ${name} to shortlist`;
  if (variant === "labelled") {
    return (
      <button
        type="button"
        disabled={!hydrated}
        aria-pressed={saved}
        // The visible word starts the accessible name, so voice control users can say what they see.
        aria-label={saved ? `Saved: remove ${name} from shortlist` : label}
        onClick={toggle}
        className={cx(
          "inline-flex min-h-11 items-center gap-2 rounded-md border px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60",
          saved ? "border-rose-300 bg-rose-50 text-rose-700 hover:bg-rose-100" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
          className,
        )}
      >
        <HeartIcon filled={saved} className={saved ? "text-rose-600" : "text-slate-600"} />
        {saved ? "Saved" : "Save"}
      </button>
    );
  }
  return (
    <button
      type="button"
      disabled={!hydrated}
      aria-pressed={saved}
      aria-label={label}
      title={label}
      onClick={toggle}
      className={cx(
        "z-10 inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/95 shadow ring-1 ring-slate-900/10 transition-colors hover:bg-white disabled:opacity-60",
        saved ? "text-rose-600" : "text-slate-700 hover:text-rose-600",
        className,
      )}
    >
      <HeartIcon filled={saved} />
    </button>
  );
}
