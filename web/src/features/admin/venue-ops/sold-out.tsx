import { useId, useMemo, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import type { AdminVenue } from "../api/venues";
import { useSetSoldOut, useVenueMenu, type VenueControlsData } from "./api";

interface Entry {
  kind: "item" | "modifier";
  id: number;
  name: string;
  group: string;
  /** Unavailable in the menu itself (the import), not by this venue's override. */
  offMenu: boolean;
}

/** "Sold out (N)": opens the list of the venue's items and modifiers to toggle, with a search. */
export function SoldOutButton(props: { scheme: string; venue: AdminVenue; controls: VenueControlsData }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const n = props.controls.sold_out.item_ids.length + props.controls.sold_out.modifier_item_ids.length;
  return (
    <>
      <button
        type="button"
        className="button button--secondary venue-ops__button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t("venueControls.soldOutButton", { count: n })}
      </button>
      <Dialog
        open={open}
        onHide={() => setOpen(false)}
        title={t("venueControls.soldOutTitle", { venue: props.venue.name })}
        position="right"
      >
        {open ? <SoldOutList {...props} /> : null}
      </Dialog>
    </>
  );
}

function SoldOutList({
  scheme,
  venue,
  controls,
}: {
  scheme: string;
  venue: AdminVenue;
  controls: VenueControlsData;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const id = useId();
  const menu = useVenueMenu(scheme, venue.venue_slug, true);
  const toggle = useSetSoldOut(scheme, venue.venue_slug);
  const [query, setQuery] = useState("");
  const [endOfDay, setEndOfDay] = useState(false); // a snooze: back on sale by itself at midnight
  const soldItems = new Set(controls.sold_out.item_ids);
  const soldMods = new Set(controls.sold_out.modifier_item_ids);

  const entries = useMemo<Entry[]>(() => {
    const m = menu.data;
    if (!m) return [];
    const categories = new Map(m.categories.map((c) => [c.id, c.name]));
    const modCategories = new Map(m.modifier_categories.map((c) => [c.id, c.name]));
    return [
      ...m.items.map((it) => ({
        kind: "item" as const,
        id: it.id,
        name: it.title,
        group: categories.get(it.category_id) ?? "",
        offMenu: !it.is_available,
      })),
      ...m.modifier_items.map((mi) => ({
        kind: "modifier" as const,
        id: mi.id,
        name: mi.name,
        group: modCategories.get(mi.modifier_category_id) ?? "",
        offMenu: !mi.is_available,
      })),
    ];
  }, [menu.data]);

  const needle = query.trim().toLocaleLowerCase();
  const shown = entries.filter(
    (e) =>
      !needle || e.name.toLocaleLowerCase().includes(needle) || e.group.toLocaleLowerCase().includes(needle),
  );

  return (
    <div className="sold-out">
      <label htmlFor={`${id}-q`}>{t("venueControls.search")}</label>
      <input
        id={`${id}-q`}
        type="search"
        className="sold-out__search"
        value={query}
        maxLength={100}
        onChange={(e) => setQuery(e.target.value)}
        data-autofocus
      />
      <p className="muted">{t("venueControls.soldOutHint")}</p>
      <label className="venue-ops__switch sold-out__eod">
        <input type="checkbox" checked={endOfDay} onChange={(e) => setEndOfDay(e.target.checked)} />
        <span>{t("venueControls.soldOutEndOfDay")}</span>
      </label>
      {toggle.isError ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(toggle.error)}
        </p>
      ) : null}
      {menu.isError ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(menu.error)}
        </p>
      ) : null}
      <ul className="sold-out__list">
        {shown.map((e) => {
          const sold = e.kind === "item" ? soldItems.has(e.id) : soldMods.has(e.id);
          // menu/list shows this venue's overrides as unavailable too; only
          // what is off the menu without one cannot be toggled here.
          const offMenu = e.offMenu && !sold;
          return (
            <li key={`${e.kind}-${e.id}`} className="sold-out__row">
              <label className="venue-ops__switch">
                <input
                  type="checkbox"
                  role="switch"
                  checked={sold || offMenu}
                  disabled={offMenu || toggle.isPending}
                  onChange={(ev) =>
                    toggle.mutate({
                      kind: e.kind,
                      id: e.id,
                      soldOut: ev.target.checked,
                      until: ev.target.checked && endOfDay ? "end_of_day" : undefined,
                    })
                  }
                />
                <span>
                  {e.name}
                  <span className="sold-out__group">
                    {e.kind === "modifier" ? t("venueControls.modifierOf", { group: e.group }) : e.group}
                    {offMenu ? ` · ${t("venueControls.offMenu")}` : ""}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
