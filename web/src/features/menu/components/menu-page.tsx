import { lazy, startTransition, Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "@/i18n";
import { paths } from "@/app/paths";
import { NotFoundPage } from "@/components/layout/not-found-page";
import { SearchIcon } from "@/components/ui/icons";
import { useCurrentScheme } from "@/hooks/use-current-scheme";
import { useCurrentVenue } from "@/hooks/use-current-venue";
import { useErrorMessage } from "@/hooks/use-error-message";
import { SMALL_SCREEN, useMediaQuery } from "@/hooks/use-media-query";
import { useOrderType } from "@/hooks/use-order-type";
import { useMenuQuery } from "@/lib/api/get-menu";
import type { MenuItem, Scheme, Store } from "@/lib/api/types";
import { indexMenu } from "@/lib/basket-pricing";
import { addItem, removeItem } from "@/stores/basket";
import { useVenueStore } from "@/stores/venue";
import { useScrollSpy } from "../hooks/use-scroll-spy";
import { menuView, sectionId, type CategoryView } from "../lib/menu-view";
import { CategoryNav, CategoryNavPlaceholder } from "./category-nav";
import { daypartsText } from "../lib/dayparts";
import { ItemCard } from "./item-card";
import { VenueHero } from "./venue-hero";
import "./menu.css";
import { scrollBehavior } from "@/lib/motion";

// Not needed for the first paint: loaded on first use (and warmed up when idle).
const loadItemDialog = () => import("./item-dialog");
const ItemDialog = lazy(loadItemDialog);

const LAYOUT_CLASS = ["default", "half-image", "full-image", "rounded-half-image"] as const;
/** Sticky site header (64 px) plus the category bar. */
const STICKY_TOP = 64 + 56;
/**
 * The cards whose pictures load eagerly and first: what a phone shows above
 * the fold under the venue header (two to four cards); the rest load lazily.
 */
const EAGER_IMAGES = 4;
/**
 * Cards rendered at once when the menu arrives: more than a phone shows. The
 * rest follow, CARDS_PER_STEP at a time, each step a transition in a task of
 * its own: React renders it in slices and the browser lays out only the new
 * cards, so a long menu never blocks the first paint or a tap in one long
 * task (all of a 40-card menu at once was a 35 ms commit and a 45 ms layout
 * on a desktop CPU: four times that on a phone).
 */
const FIRST_CARDS = 8;
const CARDS_PER_STEP = 8;

interface MenuPageProps {
  /** The basket, composed in by the app (features do not import each other). */
  aside?: ReactNode;
}

export function MenuPage({ aside }: MenuPageProps) {
  const scheme = useCurrentScheme();
  const venue = useCurrentVenue();
  if (!venue) return <NotFoundPage homeHref={paths.home.root.getHref(scheme.business_slug)} />;
  return <MenuScreen scheme={scheme} venue={venue} aside={aside} />;
}

function MenuScreen({ scheme, venue, aside }: { scheme: Scheme; venue: Store; aside?: ReactNode }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const orderType = useOrderType(venue);
  const query = useMenuQuery(scheme.business_slug, venue.venue_slug, orderType);
  const isSmall = useMediaQuery(SMALL_SCREEN);
  const [search, setSearch] = useState("");
  const [dialogItem, setDialogItem] = useState<MenuItem | null>(null);
  const basket = useVenueStore((s) => s.basket[scheme.business_slug]?.[venue.venue_slug]);
  const updateBasket = useVenueStore((s) => s.updateBasket);

  const index = useMemo(() => (query.data ? indexMenu(query.data) : null), [query.data]);
  const views = useMemo(() => (query.data ? menuView(query.data, search) : []), [query.data, search]);
  const [shownCards, setShownCards] = useState(FIRST_CARDS);
  const cardCount = useMemo(() => views.reduce((n, v) => n + v.items.length, 0), [views]);
  useEffect(() => {
    if (shownCards >= cardCount) return;
    const next = setTimeout(() => startTransition(() => setShownCards((n) => n + CARDS_PER_STEP)));
    return () => clearTimeout(next);
  }, [shownCards, cardCount]);
  const shown = useMemo(() => firstCards(views, shownCards), [views, shownCards]);
  const activeId = useScrollSpy(
    views.map((v) => sectionId(v.category.id)),
    STICKY_TOP,
    shownCards >= cardCount,
  );
  const counts = useMemo(() => {
    const map = new Map<number, number>();
    for (const line of basket?.items ?? []) map.set(line.item_id, (map.get(line.item_id) ?? 0) + line.qty);
    return map;
  }, [basket]);

  useEffect(() => {
    const warm = () => void loadItemDialog();
    if ("requestIdleCallback" in window) window.requestIdleCallback(warm);
    else setTimeout(warm, 1500);
  }, []);

  function add(id: number) {
    const item = index?.items.get(id);
    if (!item?.is_available) return;
    if (item.modifier_category_ids.length > 0) setDialogItem(item);
    else updateBasket((b) => addItem(b, { item_id: id, qty: 1 }));
  }

  function pick(id: string) {
    // A category picked before the menu finished mounting: the rest at once.
    if (!document.getElementById(id)) flushSync(() => setShownCards(Number.MAX_SAFE_INTEGER));
    document.getElementById(id)?.scrollIntoView({ behavior: scrollBehavior(), block: "start" });
  }

  const layout = LAYOUT_CLASS[query.data?.menu.layout_style ?? venue.layout_style] ?? "default";

  return (
    <div className="menu-page">
      <VenueHero scheme={scheme} venue={venue} orderType={orderType} />
      {views.length > 0 ? (
        <CategoryNav views={views} activeId={activeId} onPick={pick} />
      ) : (
        query.isPending && <CategoryNavPlaceholder />
      )}
      <div className="container menu-layout">
        <div className="menu-layout__main">
          <div className="menu-search">
            <SearchIcon size={18} />
            <input
              type="search"
              className="menu-search__input"
              placeholder={t("menu.search")}
              aria-label={t("menu.search")}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          {query.isPending && <MenuSkeleton label={t("common.loading")} />}
          {query.isError && (
            <div className="menu-error">
              <p role="alert" className="alert alert--error">
                {errorMessage(query.error)}
              </p>
              <button type="button" className="button button--primary" onClick={() => void query.refetch()}>
                {t("common.retry")}
              </button>
            </div>
          )}
          {query.data && views.length === 0 && (
            <p className="menu-empty" role="status">
              {search ? t("menu.noResults", { search }) : t("menu.empty")}
            </p>
          )}
          {shown.map(({ category, items }, sectionIndex) => (
            <section
              key={category.id}
              id={sectionId(category.id)}
              className="menu-section"
              aria-labelledby={`${sectionId(category.id)}-title`}
            >
              <h2 id={`${sectionId(category.id)}-title`} className="menu-section__title">
                {category.name}
              </h2>
              <ul className={`menu-grid menu-grid--${layout}`}>
                {items.map((item, itemIndex) => (
                  <ItemCard
                    key={item.id}
                    id={item.id}
                    title={item.title}
                    description={item.description}
                    imageUrl={item.image_url}
                    price={item.price}
                    currency={scheme.currency}
                    disable={!item.is_available}
                    servedHours={item.out_of_hours ? daypartsText(item.dayparts) : undefined}
                    isNew={item.is_new}
                    isSmall={isSmall}
                    hasModifier={item.modifier_category_ids.length > 0}
                    selectMin={item.select_min}
                    selectMax={item.select_max}
                    inBasket={counts.get(item.id) ?? 0}
                    imagePriority={cardsBefore(shown, sectionIndex) + itemIndex < EAGER_IMAGES}
                    onAdd={add}
                    onRemove={(id) => updateBasket((b) => removeItem(b, id))}
                  />
                ))}
              </ul>
            </section>
          ))}
        </div>
        {aside && (
          <aside className="menu-layout__aside" aria-label={t("basket.title")}>
            {aside}
          </aside>
        )}
      </div>
      {dialogItem && index && (
        <Suspense fallback={null}>
          <ItemDialog
            item={dialogItem}
            index={index}
            currency={scheme.currency}
            onClose={() => setDialogItem(null)}
            onAdd={(line) => {
              updateBasket((b) => addItem(b, line));
              setDialogItem(null);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** How many cards the sections before `sectionIndex` hold (counted up to EAGER_IMAGES). */
function cardsBefore(views: CategoryView[], sectionIndex: number): number {
  let n = 0;
  for (let i = 0; i < sectionIndex && n < EAGER_IMAGES; i++) n += views[i]?.items.length ?? 0;
  return n;
}

/** The first `count` cards, in their sections. */
function firstCards(views: CategoryView[], count: number): CategoryView[] {
  const out: CategoryView[] = [];
  let left = count;
  for (const view of views) {
    if (left <= 0) break;
    out.push(view.items.length <= left ? view : { ...view, items: view.items.slice(0, left) });
    left -= view.items.length;
  }
  return out;
}

/** Grey cards where the menu will be, so the page keeps its shape while it loads. */
function MenuSkeleton({ label }: { label: string }) {
  return (
    <div className="menu-skeleton" role="status" aria-label={label}>
      <span className="menu-skeleton__title" />
      <ul className="menu-grid">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="menu-skeleton__card" />
        ))}
      </ul>
    </div>
  );
}
