import { useEffect, useRef } from "react";

/** How long a lazily loaded page may take to show its heading. */
const WAIT_MS = 5_000;

function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>("#main h1") ?? document.querySelector<HTMLElement>("h1");
}

/**
 * Moves the focus to the new page's heading after each client-side
 * navigation (not on the first load, where the browser starts at the top), so
 * a keyboard or screen-reader user lands on what changed instead of on a link
 * that no longer exists. The heading may come later than the location (lazy
 * chunks, loaders): it is awaited. Focus someone else put on purpose (a
 * field, a dialog) is left alone.
 */
export function useRouteFocus(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A focus inside the page's main content was put there on purpose (a field the
    // page focuses, a dialog): keep it. The link or button that navigated is either
    // gone (focus on body) or in the header, outside main.
    const untouched = () => {
      const active = document.activeElement;
      return !active || active === document.body || !document.getElementById("main")?.contains(active);
    };
    const focus = (heading: HTMLElement) => {
      if (!untouched()) return;
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    };
    const now = pageHeading();
    if (now) {
      focus(now);
      return;
    }
    const observer = new MutationObserver(() => {
      const heading = pageHeading();
      if (!heading) return;
      observer.disconnect();
      focus(heading);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname]);
}
