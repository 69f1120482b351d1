// Toasts without shipping sonner in every page's first download: the library (and the Toaster, see
// Toasts.tsx) loads on first use. Sonner replays toasts raised before its Toaster subscribes, so a
// toast raised while either is still loading is shown, not lost.

export type NotifyKind = "success" | "error" | "info";

export function notify(kind: NotifyKind, message: string): void {
  void import("sonner").then(({ toast }) => {
    toast[kind](message);
  });
}
