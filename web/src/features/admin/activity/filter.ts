/** The kinds an action starts with ("menu.upsert-item" is a menu change). */
export const KINDS = [
  "scheme",
  "menu",
  "venue",
  "brand",
  "team",
  "refund",
  "support",
  "webhook",
  "printer",
] as const;

export interface ActivityFilter {
  actor: string;
  kind: string;
  from: string; // YYYY-MM-DD, the browser's day
  to: string;
}

/** A day (YYYY-MM-DD) as the instant of the browser's midnight starting it (next: ending it). */
export function dayInstant(d: string, next: boolean): string {
  const t = new Date(`${d}T00:00:00`);
  if (next) t.setDate(t.getDate() + 1);
  return t.toISOString();
}

/** The filter as admin/audit/list takes it: days as instants of the browser's midnight. */
export function auditFilter(f: ActivityFilter) {
  const day = dayInstant;
  return {
    ...(f.actor.trim() ? { actor: f.actor.trim() } : {}),
    ...(f.kind ? { action: f.kind } : {}),
    ...(f.from ? { from: day(f.from, false) } : {}),
    ...(f.to ? { to: day(f.to, true) } : {}),
  };
}
