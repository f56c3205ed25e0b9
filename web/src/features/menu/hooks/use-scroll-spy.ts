import { useEffect, useState } from "react";

/** How far under the sticky bars a section's top must be to count as the one being read. */
const READING_LINE = 80;

/**
 * The id of the section the customer is reading: the last one whose top has
 * passed a line just under the sticky header and category bar. An
 * IntersectionObserver on a thin band at that line says when to look again
 * (no scroll handlers).
 */
export function useScrollSpy(ids: string[], topOffset: number, watch = true): string | null {
  const [active, setActive] = useState<string | null>(ids[0] ?? null);
  const key = ids.join("|");

  // Not while `watch` is false (the menu is still adding sections): each new
  // observer reads every section's position at once, a layout of the whole
  // page in the middle of the menu's first render.
  useEffect(() => {
    const list = key && watch ? key.split("|") : [];
    if (list.length === 0 || typeof IntersectionObserver === "undefined") return;
    const line = topOffset + READING_LINE;
    const pick = () => {
      const passed = list.filter(
        (id) => (document.getElementById(id)?.getBoundingClientRect().top ?? 1) <= line,
      );
      setActive(passed[passed.length - 1] ?? list[0] ?? null);
    };
    const bandBottom = Math.max(0, window.innerHeight - line);
    const observer = new IntersectionObserver(pick, {
      rootMargin: `-${topOffset}px 0px -${bandBottom}px 0px`,
    });
    for (const id of list) {
      const el = document.getElementById(id);
      if (el) observer.observe(el);
    }
    return () => observer.disconnect();
  }, [key, topOffset, watch]);

  return active && ids.includes(active) ? active : (ids[0] ?? null);
}
