import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/** False during server rendering and hydration, true once scripts run: for progressive enhancement. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
