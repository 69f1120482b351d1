// Toasts without shipping sonner in any page's download until a toast is actually raised: the
// first notify() loads the library and asks Toasts.tsx to mount its Toaster. Sonner replays
// toasts raised before its Toaster subscribes, so nothing raised while loading is lost.

export type NotifyKind = "success" | "error" | "info";

export interface NotifyOptions {
  /** A second line under the message (e.g. which files failed). */
  description?: string;
  /** One button in the toast (Undo); the toast stays for `duration` ms. */
  action?: { label: string; onClick: () => void };
  duration?: number;
}

let toasterWanted = false;
const listeners = new Set<() => void>();

/** For Toasts.tsx (useSyncExternalStore): has any toast been raised on this page yet? */
export function subscribeToToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToasterWanted(): boolean {
  return toasterWanted;
}

export function notify(kind: NotifyKind, message: string, options?: NotifyOptions): void {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  void import("sonner").then(({ toast }) => {
    toast[kind](message, options);
  });
}
