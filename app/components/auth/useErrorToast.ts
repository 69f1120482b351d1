import { useEffect } from "react";
import { toast } from "sonner";

/** Shows an action's failure message as a toast, once per submission (keyed on the result object). */
export function useErrorToast(result: { message?: string | null } | undefined) {
  useEffect(() => {
    if (result?.message) toast.error(result.message);
  }, [result]);
}
