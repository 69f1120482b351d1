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

/**
 * The open-beta announcement itself, opened as soon as it mounts (see WelcomePopup). Not modal: the
 * page stays readable and usable around it, nothing is dimmed, and every line of it is shorter than
 * the page's own text, so a first visit's largest paint is still the page. On a larger screen it is
 * a card in the bottom corner and focus moves into it, so a keyboard or screen reader user meets it.
 * On a phone (`inFlow`) a card would cover a fifth of the screen: it is a slim banner at the end of
 * the page's content instead, above the footer, covering nothing and moving nothing already on
 * screen, and it leaves the focus (and so the scroll position) where the visitor has it. Esc, the
 * close button and "Maybe later" put it away.
 */
export default function WelcomeDialog({ onClosed, inFlow }: { onClosed: () => void; inFlow: boolean }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    if (inFlow) {
      // Open without the focusing steps of show(), which would scroll the page down to it.
      dialog.setAttribute("open", "");
      return;
    }
    returnFocusTo.current = document.activeElement;
    dialog.show();
  }, [inFlow]);

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
      // A dialog that is not modal has no Esc of its own.
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          close();
        }
      }}
      className={
        inFlow
          ? "static mx-3 mb-6 mt-2 w-auto max-w-none rounded-xl border border-brand-200 bg-brand-50 p-0 text-slate-900"
          : "fixed inset-x-3 bottom-3 top-auto z-40 m-0 w-auto max-w-none rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl sm:left-auto sm:right-6 sm:bottom-6 sm:w-[26rem]"
      }
    >
      <div className="relative p-4 pr-12">
        <button
          type="button"
          onClick={close}
          aria-label="Close"
          className="absolute right-1 top-1 inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
          </svg>
        </button>
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Welcome to our open beta</p>
        <h2 id="welcome-title" className="mt-0.5 text-base font-bold">
          Your first listing could be free
        </h2>
        <p id="welcome-text" className="mt-1 text-sm text-slate-700">
          The first {FREE_LISTING_SPOTS} qualified listings are free.
        </p>
      </div>
      <div className="flex gap-2 px-4 pb-4">
        <Link
          to="/free-listing"
          onClick={close}
          className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Claim your free listing
        </Link>
        <button
          type="button"
          onClick={close}
          className="min-h-11 rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Maybe later
        </button>
      </div>
    </dialog>
  );
}
