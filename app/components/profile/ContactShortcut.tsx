import { useEffect, useState, type MouseEvent } from "react";
import { buttonClass } from "~/components/ui/Button";
import { cx } from "~/components/ui/cx";

/** The id of the contact form's section that "Send a message" goes to. */
export const CONTACT_ID = "contact";

/** Moves to the contact form and puts the cursor in its first field (a plain #contact jump without scripts). */
export function goToContactForm(event: MouseEvent<HTMLAnchorElement>) {
  const section = document.getElementById(CONTACT_ID);
  if (!section) return;
  event.preventDefault();
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  // The first field a person fills in: not a hidden input, nor the honeypot kept out of reach.
  const field = [...section.querySelectorAll<HTMLElement>("input, textarea, select")].find(
    (el) => el.tabIndex >= 0 && !(el as HTMLInputElement).disabled && (el as HTMLInputElement).type !== "hidden" && !el.closest("[aria-hidden=true]"),
  );
  // preventScroll: the smooth scroll above is already on its way there.
  field?.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, "", `#${CONTACT_ID}`);
}

/** A "Send a message" link to the contact form (the desktop contact box's main action). */
export function SendMessageLink({ className }: { className?: string }) {
  return (
    <a href={`#${CONTACT_ID}`} onClick={goToContactForm} className={buttonClass("primary", "lg", cx("min-h-11 w-full", className))}>
      Send a message
    </a>
  );
}

/**
 * On phones, "Send a message" pinned to the bottom of the screen while the contact form is still
 * below: one tap from anywhere on a long profile. It steps aside once the form is in view or passed,
 * so it never covers the form or the footer.
 */
export function StickyContactBar({ name }: { name: string }) {
  const [formAhead, setFormAhead] = useState(true);
  useEffect(() => {
    const section = document.getElementById(CONTACT_ID);
    if (!section || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => {
      setFormAhead(!entry.isIntersecting && entry.boundingClientRect.top > 0);
    });
    observer.observe(section);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      className={cx(
        "fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur lg:hidden",
        !formAhead && "hidden",
      )}
    >
      <a
        href={`#${CONTACT_ID}`}
        onClick={goToContactForm}
        aria-label={`Send a message to ${name}`}
        className={buttonClass("primary", "lg", "min-h-12 w-full")}
      >
        Send a message
      </a>
    </div>
  );
}
