import { Toaster } from "sonner";

// Sonner's default (dark text on white) keeps AA contrast; its "rich colors" pale greens do not.
export function Toasts() {
  return (
    <Toaster
      position="top-right"
      closeButton
      toastOptions={{ classNames: { error: "!text-red-800", success: "!text-green-900", title: "!font-medium" } }}
    />
  );
}
