import { useEffect } from "react";
import { notify } from "~/components/layout/notify";

/** Shows an action's failure message as a toast, once per submission (keyed on the result object). */
export function useErrorToast(result: { message?: string | null } | undefined) {
  useEffect(() => {
    if (result?.message) notify("error", result.message);
  }, [result]);
}
