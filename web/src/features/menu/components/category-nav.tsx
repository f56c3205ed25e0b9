import { useEffect, useRef } from "react";
import { useTranslation } from "@/i18n";
import { sectionId, type CategoryView } from "../lib/menu-view";
import { scrollBehavior } from "@/lib/motion";

interface CategoryNavProps {
  views: CategoryView[];
  activeId: string | null;
  onPick: (id: string) => void;
}

/** The sticky category bar; the active chip follows the scroll and stays in view. */
export function CategoryNav({ views, activeId, onPick }: CategoryNavProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const list = listRef.current;
    const chip = list?.querySelector<HTMLElement>(`[data-section="${activeId}"]`);
    if (!list || !chip) return;
    const target = chip.offsetLeft - (list.clientWidth - chip.offsetWidth) / 2;
    if (typeof list.scrollTo === "function")
      list.scrollTo({ left: Math.max(0, target), behavior: scrollBehavior() });
  }, [activeId]);

  return (
    <nav className="category-nav" aria-label={t("menu.categories")}>
      <ul ref={listRef} className="category-nav__list container">
        {views.map(({ category }) => {
          const id = sectionId(category.id);
          const current = id === activeId;
          return (
            <li key={category.id}>
              <a
                href={`#${id}`}
                data-section={id}
                className={`category-nav__chip${current ? " category-nav__chip--active" : ""}`}
                aria-current={current ? "true" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  onPick(id);
                }}
              >
                {category.name}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The bar's space while the menu loads: the same classes and one invisible
 * chip, so the menu below does not jump down when the chips arrive (CLS).
 */
export function CategoryNavPlaceholder() {
  return (
    <div className="category-nav" aria-hidden="true" data-testid="category-nav-placeholder">
      <div className="category-nav__list container">
        <span className="category-nav__chip category-nav__chip--placeholder">&nbsp;</span>
      </div>
    </div>
  );
}
