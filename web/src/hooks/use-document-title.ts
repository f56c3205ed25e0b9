import { createContext, useContext, useEffect } from "react";

/**
 * Keeps document.title in step with the page. The server already put the same
 * title in the first HTML (internal/httpapi/firstload.go); this follows
 * client-side navigation. Only one component per page calls it (the scheme
 * shell for storefront pages), so no parent's effect overwrites a child's.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * "Ember & Bun Soho" under the brand "Ember & Bun" is "Soho": the title does
 * not say the brand twice (as venueShortName in internal/httpapi/firstload.go).
 */
export function venueShortName(brand: string, venue: string): string {
  const short = (venue.startsWith(brand) ? venue.slice(brand.length) : venue).trim();
  if (short !== "" && short !== venue) return short.replace(/^[-–—,: ]+/, "");
  return venue;
}

/** A storefront page's title: the brand, and on a venue's pages "Brand — Venue" (as the server's). */
export function storefrontTitle(brand: string, venue?: string): string {
  return venue ? `${brand} — ${venueShortName(brand, venue)}` : brand;
}

/**
 * A page inside the scheme shell names itself in the title ("Order #9 — Ember &
 * Bun — Soho"): the shell owns document.title (one writer, see above) and puts
 * the page's name in front. The shell provides the setter; a page calls
 * usePageTitle.
 */
export const PageTitleContext = createContext<(title: string | null) => void>(() => {});

/** Names the current page in the document title while it is shown (null: no name yet). */
export function usePageTitle(title: string | null) {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    setTitle(title);
    return () => setTitle(null);
  }, [setTitle, title]);
}
