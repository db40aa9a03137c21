"use client";

import { useSyncExternalStore } from "react";

// Nothing to subscribe to: the answer changes once, when React hydrates the page, and React renders again then.
const noSubscription = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true from then on (and at once in a component first
 * mounted after hydration). A control that acts through script is disabled until then: a click on the server's
 * HTML would be lost, and a form would submit natively (docs/decisions.md, "Controls wait for the page's script").
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
