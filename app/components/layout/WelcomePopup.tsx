import { useEffect, useState, type ComponentType } from "react";
import { useLocation } from "react-router";
import { WELCOME_POPUP_DELAY_MS, WELCOME_POPUP_STORAGE_KEY } from "~/lib/constants";

type DialogComponent = ComponentType<{ onClosed: () => void; inFlow: boolean }>;

/** Phones: the announcement is a banner in the page's flow rather than a card over it. */
const PHONE = "(max-width: 639px)";

function hasSeen(): boolean {
  try {
    return window.localStorage.getItem(WELCOME_POPUP_STORAGE_KEY) === "true";
  } catch {
    // Storage blocked (private mode): never nag.
    return true;
  }
}

/**
 * The pages where the announcement may appear: the home page and the directory's lists, about and
 * the free-listing page. Never the account and password pages, the dashboard or the admin (a
 * performer following an email link to sign in must not meet it over the form), and never where a
 * parent is choosing or asking: a profile (and its inquiry's confirmation), search results and the
 * shortlist. A first visit that starts there waits for one of these.
 */
const BROWSING_PAGES = [
  /^\/$/,
  /^\/browse(?:\/[^/]+)?$/,
  /^\/categories(?:\/[^/]+)?$/,
  /^\/(?:about|free-listing)$/,
];

export function isBrowsingPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return BROWSING_PAGES.some((page) => page.test(path));
}

/** Focus is in a field: the visitor is typing or choosing, and a modal would take that away. */
function typingInField(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement;
}

/**
 * Announces the open beta once, 2 seconds after a first visit, on a browsing page. If the visitor is
 * filling in a form by then (a field has focus, or a form on the page was changed), this page view
 * goes without it and the next page view tries again: it is not marked as seen until it was shown.
 */
export function WelcomePopup() {
  const { pathname } = useLocation();
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);
  const [inFlow, setInFlow] = useState(false);
  const browsing = isBrowsingPage(pathname);

  useEffect(() => {
    if (!browsing || hasSeen()) return;
    let touched = false;
    const onEdit = (event: Event) => {
      if (event.target instanceof Element && event.target.closest("form")) touched = true;
    };
    document.addEventListener("input", onEdit, true);
    document.addEventListener("change", onEdit, true);
    // The dialog's code is not part of the page: only a first-time visitor fetches it, while the
    // timer runs, so it opens on time (and without a Suspense fallback in between).
    let cancelled = false;
    const loading = import("./WelcomeDialog");
    loading.catch(() => undefined);
    const timer = window.setTimeout(() => {
      if (touched || typingInField()) return;
      loading.then(
        (module) => {
          if (cancelled || hasSeen() || typingInField()) return;
          setInFlow(window.matchMedia(PHONE).matches);
          setDialog(() => module.default);
        },
        () => {
          // Could not load (offline, new deployment): the announcement is not worth an error.
        },
      );
    }, WELCOME_POPUP_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      document.removeEventListener("input", onEdit, true);
      document.removeEventListener("change", onEdit, true);
    };
  }, [browsing, pathname]);

  // Leaving for a page it must not cover (Back while it is open) takes it away, still unseen.
  if (Dialog && !browsing) setDialog(null);
  if (!Dialog || !browsing) return null;
  return <Dialog inFlow={inFlow} onClosed={() => setDialog(null)} />;
}
