import { useEffect, useState, type ComponentType } from "react";
import { WELCOME_POPUP_DELAY_MS, WELCOME_POPUP_STORAGE_KEY } from "~/lib/constants";

type DialogComponent = ComponentType<{ onClosed: () => void }>;

function hasSeen(): boolean {
  try {
    return window.localStorage.getItem(WELCOME_POPUP_STORAGE_KEY) === "true";
  } catch {
    // Storage blocked (private mode): never nag.
    return true;
  }
}

/** Announces the open beta once, 2 seconds after a first visit. */
export function WelcomePopup() {
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);

  useEffect(() => {
    if (hasSeen()) return;
    // The dialog's code is not part of the page: only a first-time visitor fetches it, while the
    // timer runs, so it opens on time (and without a Suspense fallback in between).
    let cancelled = false;
    const loading = import("./WelcomeDialog");
    loading.catch(() => undefined);
    const timer = window.setTimeout(() => {
      loading.then(
        (module) => {
          if (!cancelled && !hasSeen()) setDialog(() => module.default);
        },
        () => {
          // Could not load (offline, new deployment): the announcement is not worth an error.
        },
      );
    }, WELCOME_POPUP_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, []);

  if (!Dialog) return null;
  return <Dialog onClosed={() => setDialog(null)} />;
}
