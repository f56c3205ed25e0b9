export interface Tipping {
  enabled: boolean;
  percents: number[];
  default_percent: number;
  allow_custom: boolean;
}

/** The presets as typed ("10, 12, 15"), read back: whole percents 0–100 (0: no tip), each once, at most 5. */
export function parsePercents(text: string): number[] | null {
  const parts = text
    .split(/[,;\s]+/)
    .map((s) => s.replace(/%$/, ""))
    .filter(Boolean);
  const out: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const n = Number(p);
    if (n > 100 || out.includes(n)) return null;
    out.push(n);
  }
  return out.length >= 1 && out.length <= 5 ? out : null;
}
