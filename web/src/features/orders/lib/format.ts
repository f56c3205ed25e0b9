/** "12:45" (en-US "12:45 PM") in the viewer's language and time zone. */
export function formatClock(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: "numeric", minute: "2-digit" }).format(new Date(iso));
}

/** "22 Nov 2026" style date in the viewer's language. */
export function formatDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: "numeric", month: "short", year: "numeric" }).format(
    new Date(iso),
  );
}
