// Times are written by lib/time-format (one format for the storefront); this is the history's date.

/** "22 Nov 2026" style date in the viewer's language. */
export function formatDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: "numeric", month: "short", year: "numeric" }).format(
    new Date(iso),
  );
}
