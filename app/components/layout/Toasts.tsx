import { Toaster } from "sonner";

export function Toasts() {
  return <Toaster position="top-right" richColors closeButton />;
}
