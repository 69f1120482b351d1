import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { takeEarlyClick } from "~/lib/early-input";

// React Router's default, but for a tap made before hydration (early-input.ts): from here on React
// hears taps itself, so what was tapped before is taken now and tapped again once hydrated.
takeEarlyClick();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
