import { useMemo, useState } from "react";
import { useTranslation } from "@/i18n";
import { Dialog } from "@/components/ui/dialog";
import type { MenuItem } from "@/lib/api/types";
import type { MenuIndex } from "@/lib/basket-pricing";
import { formatCurrency } from "@/lib/currency";
import type { BasketItem } from "@/stores/basket";
import {
  canAddMore,
  groupsFor,
  problems,
  toBasketModifiers,
  toggle,
  unitPrice,
  type ModifierGroup,
  type Selection,
} from "../lib/modifier-selection";
import { modifierRule } from "@/lib/modifier-rule";
import { ItemImage } from "./item-image";
import { QuantityStepper } from "./quantity-stepper";

interface ItemDialogProps {
  item: MenuItem;
  index: MenuIndex;
  currency: string;
  onClose: () => void;
  onAdd: (line: BasketItem) => void;
}

/** Choices for an item with modifiers: select min/max enforced, running price, quantity, add. */
export default function ItemDialog({ item, index, currency, onClose, onAdd }: ItemDialogProps) {
  const { t } = useTranslation();
  const groups = useMemo(() => groupsFor(item, index), [item, index]);
  const [selection, setSelection] = useState<Selection>({});
  const [qty, setQty] = useState(1);
  const blocking = problems(item, groups, selection);
  const total = unitPrice(item, selection, index) * qty;
  const money = (minor: number) => formatCurrency(minor, currency);

  return (
    <Dialog
      open
      onHide={onClose}
      ariaLabel={item.title}
      className="item-dialog"
      footer={
        <div className="item-dialog__footer">
          <QuantityStepper
            value={qty}
            min={1}
            onChange={setQty}
            decreaseLabel={t("basket.decrease", { title: item.title })}
            increaseLabel={t("basket.increase", { title: item.title })}
          />
          <button
            type="button"
            className="button button--primary item-dialog__add"
            disabled={blocking.length > 0}
            aria-describedby={blocking.length > 0 ? "item-dialog-missing" : undefined}
            onClick={() => onAdd({ item_id: item.id, qty, modifiers: toBasketModifiers(selection) })}
          >
            <span>{t("menu.addToBasket", { count: qty })}</span>
            <span>{money(total)}</span>
          </button>
        </div>
      }
    >
      <div className="item-dialog__hero">
        <ItemImage src={item.image_url} className="item-dialog__image" />
      </div>
      <h2 className="item-dialog__title">{item.title}</h2>
      {item.description && <p className="item-dialog__description">{item.description}</p>}
      <p className="item-dialog__price">{money(item.price)}</p>
      {item.select_max > 0 && <p className="muted small">{t("menu.itemUpTo", { count: item.select_max })}</p>}
      {groups.map((group) => (
        <GroupField
          key={group.category.id}
          item={item}
          group={group}
          selection={selection}
          money={money}
          onToggle={(optionId) => setSelection((s) => toggle(s, group.category, optionId))}
        />
      ))}
      {blocking.length > 0 && (
        <p id="item-dialog-missing" className="item-dialog__missing">
          {blocking
            .map((p) =>
              p.kind === "groupMin"
                ? t("menu.chooseMore", { name: p.category.name, count: p.missing })
                : p.kind === "itemMin"
                  ? t("menu.itemAtLeast", { count: item.select_min })
                  : t("menu.itemUpTo", { count: item.select_max }),
            )
            .join(" · ")}
        </p>
      )}
    </Dialog>
  );
}

interface GroupFieldProps {
  item: MenuItem;
  group: ModifierGroup;
  selection: Selection;
  money: (minor: number) => string;
  onToggle: (optionId: number) => void;
}

function GroupField({ item, group, selection, money, onToggle }: GroupFieldProps) {
  const { t } = useTranslation();
  const { category, options } = group;
  const chosen = selection[category.id] ?? [];
  const { text: rule, single } = modifierRule(t, category.select_min, category.select_max);
  const required = category.select_min > 0;
  const satisfied = chosen.length >= category.select_min;
  return (
    <fieldset className="modifier-group" data-testid={`modifier-group-${category.id}`}>
      <legend className="modifier-group__legend">
        <span className="modifier-group__name">{category.name}</span>
        {/* One label says the rule; a required group's turns to Done once met. */}
        <span
          className={`modifier-group__badge${required ? " modifier-group__badge--required" : ""}${required && satisfied ? " modifier-group__badge--done" : ""}`}
        >
          {required && satisfied ? `✓ ${t("menu.done")}` : rule}
        </span>
      </legend>
      {options.map((option) => {
        const checked = chosen.includes(option.id);
        const blocked =
          !option.is_available || (!single && !checked && !canAddMore(item, category, selection));
        return (
          <label key={option.id} className={`modifier-option${blocked ? " modifier-option--disabled" : ""}`}>
            <input
              type={single ? "radio" : "checkbox"}
              name={`modifier-${category.id}`}
              checked={checked}
              disabled={blocked}
              onChange={() => onToggle(option.id)}
            />
            <span className="modifier-option__name">{option.name}</span>
            <span className="modifier-option__price">
              {!option.is_available
                ? t("menu.unavailable")
                : option.price > 0
                  ? `+${money(option.price)}`
                  : ""}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
