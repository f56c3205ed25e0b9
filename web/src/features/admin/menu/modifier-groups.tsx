import { useState } from "react";
import { CurrencyInput } from "@/components/ui/currency-input";
import { useTranslation } from "@/i18n";
import { modifierRule } from "@/lib/modifier-rule";
import type { MenuWrites } from "./api";
import { itemsWithGroup, newRef, type MenuDoc, type ModifierCategoryDoc } from "./menu-ops";

/**
 * Modifier groups ("Choose your sauce"): name, how many a customer picks (min/max,
 * max 0 = no limit), the options with their prices — each saved when its field is
 * left — and the items offering the group, chosen together and saved in one write.
 */
export function ModifierGroups(props: {
  menu: MenuDoc;
  currency: string;
  writes: MenuWrites;
  onRemove: (group: ModifierCategoryDoc) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const add = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    props.writes.upsertGroup({
      ref: newRef(trimmed),
      name: trimmed,
      select_min: 0,
      select_max: 0,
      items: [],
    });
    setName("");
  };
  return (
    <section className="modifier-groups" aria-labelledby="modifier-groups-title">
      <h2 id="modifier-groups-title" className="menu-editor__heading">
        {t("menuEditor.groups")}
      </h2>
      {props.menu.modifier_categories.length === 0 ? (
        <p className="muted">{t("menuEditor.noGroups")}</p>
      ) : null}
      {props.menu.modifier_categories.map((g) => (
        <GroupCard key={g.ref} {...props} group={g} />
      ))}
      <form
        className="menu-editor__add"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <label>
          <span className="visually-hidden">{t("menuEditor.groupName")}</span>
          <input
            value={name}
            maxLength={120}
            placeholder={t("menuEditor.groupPlaceholder")}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <button type="submit" className="button button--primary button--small" disabled={!name.trim()}>
          {t("menuEditor.addGroup")}
        </button>
      </form>
    </section>
  );
}

function GroupCard(props: {
  menu: MenuDoc;
  currency: string;
  writes: MenuWrites;
  group: ModifierCategoryDoc;
  onRemove: (group: ModifierCategoryDoc) => void;
}) {
  const { t } = useTranslation();
  const { group, writes } = props;
  const [draft, setDraft] = useState(group);
  const [was, setWas] = useState(group);
  // Take the server's group when it changed, but never under the manager's hands: while a
  // field of the card has the focus, what is being typed stays (it is saved when left).
  const [focused, setFocused] = useState(false);
  if (!focused && was !== group && JSON.stringify(was) !== JSON.stringify(group)) {
    setWas(group);
    setDraft(group);
  }
  const attached = itemsWithGroup(props.menu, group.ref);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const picked = chosen ?? attached;
  const changed = chosen !== null && [...chosen].sort().join() !== [...attached].sort().join();
  const tooFew = draft.select_min > draft.items.length;
  const badRange = draft.select_max > 0 && draft.select_max < draft.select_min;
  const save = (next = draft) => {
    setDraft(next);
    const ok =
      next.name.trim() && next.items.every((o) => o.name.trim()) && next.select_min <= next.items.length;
    if (
      ok &&
      !(next.select_max > 0 && next.select_max < next.select_min) &&
      JSON.stringify(next) !== JSON.stringify(group)
    ) {
      writes.upsertGroup(next);
    }
  };
  const id = (s: string) => `group-${group.ref}-${s}`;
  const rule = modifierRule(t, group.select_min, group.select_max); // as saved, as customers read it
  return (
    <article
      className="group-card"
      aria-labelledby={id("name")}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      <div className="group-card__head">
        <label className="group-card__name">
          <span className="visually-hidden">{t("menuEditor.groupName")}</span>
          <input
            id={id("name")}
            value={draft.name}
            maxLength={120}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            onBlur={() => save()}
          />
        </label>
        <label className="group-card__limit">
          {t("menuEditor.selectMin")}
          <input
            type="number"
            min={0}
            value={draft.select_min}
            onChange={(e) => setDraft({ ...draft, select_min: Math.max(0, Number(e.target.value) || 0) })}
            onBlur={() => save()}
          />
        </label>
        <label className="group-card__limit">
          {t("menuEditor.selectMax")}
          <input
            type="number"
            min={0}
            value={draft.select_max}
            onChange={(e) => setDraft({ ...draft, select_max: Math.max(0, Number(e.target.value) || 0) })}
            onBlur={() => save()}
          />
        </label>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => props.onRemove(group)}
        >
          {t("menuEditor.hide")}
          <span className="visually-hidden"> {group.name}</span>
        </button>
      </div>
      <p className="muted group-card__rule">
        {t("menuEditor.groupRule", { rule: rule.text })}
        {rule.single ? ` · ${t("menuEditor.oneChoice")}` : ""}
      </p>
      {tooFew || badRange ? (
        <p className="field__error" role="alert">
          {t(tooFew ? "menuEditor.minTooHigh" : "menuEditor.maxBelowMin")}
        </p>
      ) : null}
      <ul className="group-card__options" aria-label={t("menuEditor.options")}>
        {draft.items.map((o, i) => (
          <li key={o.ref} className="group-card__option">
            <input
              aria-label={t("menuEditor.optionName")}
              value={o.name}
              maxLength={120}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  items: draft.items.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)),
                })
              }
              onBlur={() => save()}
            />
            <CurrencyInput
              aria-label={t("menuEditor.optionPrice", { name: o.name })}
              currency={props.currency}
              value={o.price}
              onChange={(minor) =>
                setDraft((d) => ({
                  ...d,
                  items: d.items.map((x, j) => (j === i ? { ...x, price: minor } : x)),
                }))
              }
              onBlur={() => save()}
            />
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => save({ ...draft, items: draft.items.filter((_, j) => j !== i) })}
            >
              {t("menuEditor.hide")}
              <span className="visually-hidden"> {o.name}</span>
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => {
          const n = t("menuEditor.newOption");
          save({ ...draft, items: [...draft.items, { ref: newRef(n), name: n, price: 0 }] });
        }}
      >
        {t("menuEditor.addOption")}
      </button>
      <fieldset className="group-card__items">
        <legend>{t("menuEditor.offeredOn", { count: attached.length })}</legend>
        {props.menu.categories.map((c) =>
          c.items.length ? (
            <div key={c.ref} className="group-card__category">
              <span className="group-card__category-name">{c.name}</span>
              {c.items.map((it) => (
                <label key={it.ref} className="checkbox">
                  <input
                    type="checkbox"
                    checked={picked.includes(it.ref)}
                    onChange={(e) =>
                      setChosen(e.target.checked ? [...picked, it.ref] : picked.filter((r) => r !== it.ref))
                    }
                  />
                  {it.title}
                </label>
              ))}
            </div>
          ) : null,
        )}
        <button
          type="button"
          className="button button--primary button--small"
          disabled={!changed}
          onClick={() => {
            writes.attachGroup(group.ref, picked);
            setChosen(null);
          }}
        >
          {t("menuEditor.attach", { count: picked.length })}
        </button>
      </fieldset>
    </article>
  );
}
