import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False on the server and during hydration, true afterwards. Behaviour that needs JavaScript
 * (disabling a control until a choice is made) waits for it, so the page still works without.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
