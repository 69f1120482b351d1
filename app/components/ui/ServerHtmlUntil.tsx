import { use, useEffect, useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { hasEarlyInput } from "~/lib/early-input";
import type * as CarryInput from "./carry-input";
import { followRouterLink } from "./follow-router-link";
import { useHydrated } from "./useHydrated";

// Part of a page whose code is not in the page's first download. The server renders it whole; the
// browser keeps that HTML as it is (React never looks inside an element whose content it was told is
// `dangerouslySetInnerHTML`) instead of hydrating it, and the code loads only when it is wanted:
// never for content without a handler (a profile's facts), or as the visitor nears or reaches into
// it for a form (which works as a plain form post meanwhile). Then the part is rendered anew from
// its code, with what the visitor typed, ticked and where their cursor was carried over.
// Rendered by a client-side navigation, there is no server HTML: it is rendered from its code at
// once (the navigation waits for the code, as for a route's own module).

/** One object for every render, so React never rewrites the element's (server-rendered) content. */
const KEEP_SERVER_HTML = { __html: "" };
const WAKE_EVENTS = ["pointerdown", "touchstart", "focusin", "keydown"] as const;

/** A module loaded on first use, remembered once loaded. */
export interface OnDemand<M> {
  load(): Promise<M>;
  current(): M | null;
}

export function onDemand<M>(importer: () => Promise<M>): OnDemand<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    current: () => loaded,
    load: () =>
      (loading ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
  };
}

function Live<M>({ module, render }: { module: OnDemand<M>; render: (module: M) => ReactNode }) {
  return render(module.current() ?? use(module.load()));
}

export interface ServerHtmlUntilProps<M> {
  module: OnDemand<M>;
  render: (module: M) => ReactNode;
  /**
   * When the server's HTML gives way to the live part: "never" (nothing in it needs scripts),
   * "interaction" (as the visitor reaches into it: a tap, a key, focus), "approach" (that, or as it
   * comes within half a screen of view, for a part below the first screen), "now".
   */
  live: "never" | "interaction" | "approach" | "now";
  className?: string;
}

/** Give it a `key` that changes with what it shows: the server's HTML is kept only for what it was rendered for. */
export function ServerHtmlUntil<M>({ module, render, live, className }: ServerHtmlUntilProps<M>) {
  const hydrating = !useHydrated();
  // Decided when it first renders: only what was hydrated has server HTML to keep.
  const [kept, setKept] = useState(() => hydrating && !import.meta.env.SSR);
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const carried = useRef<{ carry: typeof CarryInput; input: CarryInput.Carried } | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!kept || live === "never" || !element) return;
    let waking = false;
    // A send tapped before the code is there waits for it and is sent again by the live form.
    let pendingSend: CarryInput.PendingSend | null = null;
    const wake = () => {
      if (waking) return;
      waking = true;
      stopWaking();
      // What carries the visitor's input over comes with the code, needed only then.
      Promise.all([module.load(), import("./carry-input")]).then(
        ([, carry]) => {
          if (!element.isConnected) return;
          // Synchronously, so no keystroke falls between the copy and the swap.
          carried.current = { carry, input: carry.capture(element, pendingSend) };
          flushSync(() => setKept(false));
        },
        () => {
          // Not loadable now (offline): it stays a plain form (a held send goes as one); the next
          // approach or tap tries again.
          waking = false;
          const send = pendingSend;
          pendingSend = null;
          if (send) {
            window.removeEventListener("submit", holdSend, true);
            send.form.requestSubmit(send.submitter);
            window.addEventListener("submit", holdSend, true);
          }
          startWaking();
        },
      );
    };
    const onEvent = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) wake();
    };
    function holdSend(event: Event) {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !element!.contains(form)) return;
      event.preventDefault();
      const submitter = (event as SubmitEvent).submitter;
      pendingSend = { form, submitter: submitter instanceof HTMLElement ? submitter : null };
      wake();
    }
    const observer =
      live !== "approach" || typeof IntersectionObserver === "undefined"
        ? null
        : new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && wake(), {
            rootMargin: "0px 0px 50% 0px",
          });
    // On the window, capturing: before anything on the page could stop them.
    function startWaking() {
      observer?.observe(element!);
      for (const type of WAKE_EVENTS) window.addEventListener(type, onEvent, true);
    }
    function stopWaking() {
      observer?.disconnect();
      for (const type of WAKE_EVENTS) window.removeEventListener(type, onEvent, true);
    }
    window.addEventListener("submit", holdSend, true);
    // Input made before the page was live (a box ticked, a letter typed) wakes it at once, so that
    // what the part shows (how many boxes are ticked) agrees with what the visitor did.
    if (live === "now" || hasEarlyInput(element)) wake();
    else startWaking();
    return () => {
      stopWaking();
      window.removeEventListener("submit", holdSend, true);
    };
  }, [kept, live, module]);

  useLayoutEffect(() => {
    const element = ref.current;
    const from = carried.current;
    if (kept || !from || !element) return;
    carried.current = null;
    from.carry.restore(element, from.input);
  }, [kept]);

  // The router's links in the kept HTML navigate in the page, as the <Link> would have.
  const followLink = (event: MouseEvent<HTMLDivElement>) => followRouterLink(event, navigate);

  if (kept) {
    return (
      <div
        key="kept"
        ref={ref}
        className={className}
        onClick={followLink}
        dangerouslySetInnerHTML={KEEP_SERVER_HTML}
        suppressHydrationWarning
      />
    );
  }
  return (
    <div key="live" ref={ref} className={className}>
      <Live module={module} render={render} />
    </div>
  );
}
