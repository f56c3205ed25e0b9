import { useTranslation } from "@/i18n";
import { BinIcon, PlusIcon, WarningIcon } from "@/components/ui/icons";
import { formatCurrency } from "@/lib/currency";
import { selectLimitsText } from "../lib/select-limits";
import { ItemImage } from "./item-image";

export interface ItemCardProps {
  id: number;
  title: string;
  description: string;
  imageUrl: string;
  /** Minor units, shown in the scheme's currency. */
  price: number;
  currency: string;
  /** Unavailable: dimmed, a warning badge over the image, not clickable. */
  disable: boolean;
  /** Out of its dayparts: when it is served ("07:00–11:00"), said on the card. */
  servedHours?: string;
  isNew: boolean;
  /** The small card: 64 px image and a one-line description (docs/product.md §9). */
  isSmall: boolean;
  hasModifier: boolean;
  /** The item's select min/max (options in total), shown on cards with modifiers; 0 = no limit. */
  selectMin?: number;
  selectMax?: number;
  /** Units of this item in the basket; the card is active when above 0. */
  inBasket: number;
  /** Among the first cards on screen: its picture loads eagerly, first (ItemImage). */
  imagePriority?: boolean;
  onAdd: (id: number) => void;
  onRemove: (id: number) => void;
}

/**
 * A menu item (docs/product.md §4). The card is one button that emits add; the bin is
 * a separate button beside it (never inside it), so removing never also adds.
 * An item with modifiers always shows the plus, since its lines differ.
 */
export function ItemCard(props: ItemCardProps) {
  const { t } = useTranslation();
  const {
    id,
    title,
    description,
    imageUrl,
    price,
    currency,
    disable,
    isNew,
    isSmall,
    hasModifier,
    inBasket,
    selectMin = 0,
    selectMax = 0,
  } = props;
  const limits = hasModifier ? selectLimitsText(selectMin, selectMax) : null;
  const active = inBasket > 0;
  const showBin = active && !hasModifier;
  const priceText = formatCurrency(price, currency);
  // No aria-label: the name is the visible text (title, description, price, badges)
  // after a hidden verb, so it always contains what sighted users read.
  const classes = ["item-card"];
  if (active) classes.push("item-card--active");
  if (disable) classes.push("item-card--disabled");
  if (isSmall) classes.push("item-card--small");
  return (
    <li className={classes.join(" ")} data-testid={`item-${id}`} data-active={active || undefined}>
      <button type="button" className="item-card__main" disabled={disable} onClick={() => props.onAdd(id)}>
        <span className="item-card__text">
          {!disable && (
            <>
              <span className="visually-hidden">
                {t(hasModifier ? "menu.chooseOptions" : "menu.addItem")}
              </span>{" "}
            </>
          )}
          <span className="item-card__title">
            {active && (
              <span className="item-card__count" aria-hidden="true">
                {inBasket}×
              </span>
            )}
            {title}
          </span>{" "}
          {description && <span className="item-card__description">{description} </span>}
          <span className="item-card__footer">
            <span className="item-card__price">{priceText}</span>{" "}
            {limits && (
              <span className="item-card__limits" data-testid="item-limits">
                {t(limits.key, limits.values)}
              </span>
            )}{" "}
            {isNew && <span className="item-card__new">{t("common.new")}</span>}
            {props.servedHours && (
              <span className="item-card__hours">{t("menu.servedHours", { hours: props.servedHours })}</span>
            )}
          </span>
          {active && <span className="visually-hidden">, {t("menu.inBasket", { count: inBasket })}</span>}
        </span>
        <span className="item-card__media">
          <ItemImage
            src={imageUrl}
            className="item-card__image"
            priority={props.imagePriority}
            size={isSmall ? 64 : 72}
          />
          {disable && (
            <span className="item-card__warning">
              <WarningIcon size={14} /> {t("menu.unavailable")}
            </span>
          )}
        </span>
      </button>
      {!disable &&
        (showBin ? (
          <button
            type="button"
            className="item-card__action item-card__action--remove"
            aria-label={t("menu.removeItem", { title })}
            onClick={() => props.onRemove(id)}
          >
            <BinIcon size={18} />
          </button>
        ) : (
          <span className="item-card__action" aria-hidden="true">
            <PlusIcon size={18} />
          </span>
        ))}
    </li>
  );
}
