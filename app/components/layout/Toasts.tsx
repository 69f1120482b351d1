import { useEffect, useState, useSyncExternalStore } from "react";
import type { Toaster as SonnerToaster } from "sonner";
import { isToasterWanted, subscribeToToasterWanted } from "./notify";

// The toast area (top right). Sonner is loaded when the first toast is raised (see notify.ts), so
// a visitor who never sees a toast never downloads it. (No React.lazy: a Suspense boundary would
// add its own reveal delay to the first toast.)
export function Toasts() {
  const wanted = useSyncExternalStore(subscribeToToasterWanted, isToasterWanted, () => false);
  const [Toaster, setToaster] = useState<typeof SonnerToaster | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    import("sonner").then(
      (module) => {
        if (!cancelled) setToaster(() => module.Toaster);
      },
      () => {
        // Could not load (offline, new deployment): forms still show their results in the page.
      },
    );
    return () => {
      cancelled = true;
    };
  }, [wanted]);
  if (!Toaster) return null;
  // Sonner's default (dark text on white) keeps AA contrast; its "rich colors" pale greens do not.
  return (
    <Toaster
      position="top-right"
      closeButton
      toastOptions={{ classNames: { error: "!text-red-800", success: "!text-green-900", title: "!font-medium" } }}
    />
  );
}
