import { useEffect, useState } from "react";
import type { Toaster as SonnerToaster } from "sonner";

// Sonner loads once the page has hydrated, so it is not part of any page's first download. (No
// React.lazy: a Suspense boundary would add its own reveal delay to the first toast.)
export function Toasts() {
  const [Toaster, setToaster] = useState<typeof SonnerToaster | null>(null);
  useEffect(() => {
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
  }, []);
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
