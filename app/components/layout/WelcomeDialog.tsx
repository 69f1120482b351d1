import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { FREE_LISTING_SPOTS, WELCOME_POPUP_STORAGE_KEY } from "~/lib/constants";

function markSeen() {
  try {
    window.localStorage.setItem(WELCOME_POPUP_STORAGE_KEY, "true");
  } catch {
    // Nothing to remember it in; the pop-up just shows again next visit.
  }
}

/** The open-beta announcement itself, opened as a modal as soon as it mounts (see WelcomePopup). */
export default function WelcomeDialog({ onClosed }: { onClosed: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    returnFocusTo.current = document.activeElement;
    dialog.showModal();
  }, []);

  const close = () => {
    markSeen();
    dialogRef.current?.close();
  };

  const handleClose = () => {
    markSeen();
    onClosed();
    const target = returnFocusTo.current;
    if (target instanceof HTMLElement) target.focus();
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="welcome-title"
      aria-describedby="welcome-text"
      onClose={handleClose}
      // A click on the dimmed backdrop lands on the dialog element itself; treat it as "close".
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto w-[min(92vw,28rem)] rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/60"
    >
      <div className="relative p-6 sm:p-8">
        <button
          type="button"
          onClick={close}
          aria-label="Close"
          className="absolute right-3 top-3 rounded-full p-2 text-slate-600 hover:bg-slate-100"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
          </svg>
        </button>
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">Open beta</p>
        <h2 id="welcome-title" className="mt-1 text-2xl font-bold text-slate-900">
          Welcome! Your first listing could be free
        </h2>
        <p id="welcome-text" className="mt-3 text-slate-700">
          We're in open beta: the first {FREE_LISTING_SPOTS} qualified performer listings are free. If you perform in
          costume, tell us about your characters and we'll review your application within 1-2 business days.
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <Link
            to="/free-listing"
            onClick={close}
            className="rounded-md bg-brand-700 px-4 py-2 text-center font-semibold text-white hover:bg-brand-800"
          >
            Claim your free listing
          </Link>
          <button
            type="button"
            onClick={close}
            className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
          >
            Maybe later
          </button>
        </div>
      </div>
    </dialog>
  );
}
