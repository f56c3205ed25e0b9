import type { ReactNode } from "react";

/** Ids of a field's hint and error (`{id}-hint`, `{id}-error`), for aria-describedby. */
export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return ids || undefined;
}
