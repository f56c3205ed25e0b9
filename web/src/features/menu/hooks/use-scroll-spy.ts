import { useEffect, useState } from "react";

/**
 * The id of the section the customer is reading: the topmost of those crossing
 * a band just under the sticky header and category bar (IntersectionObserver,
 * no scroll handlers).
 */
export function useScrollSpy(ids: string[], topOffset: number): string | null {
  const [active, setActive] = useState<string | null>(ids[0] ?? null);
  const key = ids.join("|");

  useEffect(() => {
    const list = key ? key.split("|") : [];
    if (list.length === 0 || typeof IntersectionObserver === "undefined") return;
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        // Nothing in the band (a jump, or the top of the page): the last section
        // that starts above the band, else the first one.
        const first =
          list.find((id) => visible.has(id)) ??
          [...list]
            .reverse()
            .find((id) => (document.getElementById(id)?.getBoundingClientRect().top ?? 1) <= topOffset) ??
          list[0];
        if (first) setActive(first);
      },
      { rootMargin: `-${topOffset}px 0px -55% 0px` },
    );
    for (const id of list) {
      const el = document.getElementById(id);
      if (el) observer.observe(el);
    }
    return () => observer.disconnect();
  }, [key, topOffset]);

  return active && ids.includes(active) ? active : (ids[0] ?? null);
}
