import { useEffect, useRef } from "react";
import { useRouteLoaderData, useSubmit } from "react-router";
import { notify } from "~/components/layout/notify";
import type { loader as rootLoader } from "~/root";

/**
 * Raises the toast whose button posts back to the page (the Undo after a deactivation), which the
 * root leaves to the page: only /admin carries the code that sends it. The button posts the flash's
 * fields to `here`, the address the action redirected to.
 */
export function useActionToast(here: string) {
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash;
  const submit = useSubmit();
  const latest = useRef({ submit, here });
  useEffect(() => {
    latest.current = { submit, here };
  });
  useEffect(() => {
    const action = flash?.action;
    if (!flash || !action) return;
    notify(flash.type, flash.message, {
      duration: action.seconds * 1000,
      action: {
        label: action.label,
        onClick: () => void latest.current.submit(action.fields, { method: "post", action: latest.current.here }),
      },
    });
  }, [flash]);
}
