import type { MouseEvent } from "react";
import type { NavigateFunction } from "react-router";

/**
 * A click on a router link inside HTML the browser keeps as the server sent it (a <Link> marks its
 * <a> with data-discover): navigates in the page, as the <Link> would have. Any other click, a
 * modified one or a link to another site or window, is left to the browser.
 */
export function followRouterLink(event: MouseEvent<HTMLElement>, navigate: NavigateFunction): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const link = event.target instanceof Element ? event.target.closest("a") : null;
  if (!link?.hasAttribute("data-discover") || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
  if (link.origin !== window.location.origin) return;
  event.preventDefault();
  void navigate(link.pathname + link.search + link.hash);
}
