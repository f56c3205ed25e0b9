/**
 * What an audit row changed, field by field: the leaves of its before and after
 * JSON that differ, each named by its path as the document names it
 * ("categories[2].items[0].price", "opening_hours.1[0].close"). A list whose
 * items carry a `ref` (or `venue_slug`, `code`) is matched by that key, so an
 * item moved or inserted shows as itself, not as every item after it changing.
 */
export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
}

type Json = unknown;

const KEYS = ["ref", "venue_slug", "code"] as const;

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function keyOf(v: Json): string | undefined {
  if (!isObject(v)) return undefined;
  for (const k of KEYS) if (typeof v[k] === "string") return v[k];
  return undefined;
}

function join(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

function walk(path: string, a: Json, b: Json, out: FieldChange[]) {
  if (Array.isArray(a) && Array.isArray(b)) {
    const keyed = [...a, ...b].length > 0 && [...a, ...b].every((v) => keyOf(v) !== undefined);
    if (keyed) {
      const before = new Map(a.map((v) => [keyOf(v)!, v]));
      const after = new Map(b.map((v) => [keyOf(v)!, v]));
      b.forEach((v, i) => walk(`${path}[${i}]`, before.get(keyOf(v)!), v, out));
      for (const [k, v] of before)
        if (!after.has(k)) out.push({ path: `${path}[${k}]`, before: v, after: undefined });
      return;
    }
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) walk(`${path}[${i}]`, a[i], b[i], out);
    return;
  }
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) walk(join(path, k), a[k], b[k], out);
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ path, before: a, after: b });
}

/** The fields that differ between before and after (null or missing: did not exist). */
export function diffJSON(before: Json, after: Json): FieldChange[] {
  const out: FieldChange[] = [];
  // A record created or removed as a whole shows its fields one by one.
  const a = before ?? (isObject(after) ? {} : undefined);
  const b = after ?? (isObject(before) ? {} : undefined);
  walk("", a, b, out);
  return out;
}
