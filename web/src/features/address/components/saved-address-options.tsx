import { useTranslation } from "@/i18n";
import { BinIcon } from "@/components/ui/icons";
import type { DeliveryAddress } from "@/stores/delivery-address";
import { formatAddress } from "../utils/picker";

export interface AddressOption {
  /** A saved address's id, or "local" for a guest's unsaved address. */
  key: number | "local";
  address: DeliveryAddress;
}

interface SavedAddressOptionsProps {
  options: AddressOption[];
  selected: number | "local" | null;
  onSelect: (key: number | "local") => void;
  /** Offered for saved addresses only. */
  onDelete?: (option: AddressOption) => void;
}

/** The saved addresses as radio options: name and formatted address (docs/product.md §2). */
export function SavedAddressOptions({ options, selected, onSelect, onDelete }: SavedAddressOptionsProps) {
  const { t, i18n } = useTranslation();
  if (options.length === 0) return <p className="muted address-picker__empty">{t("address.empty")}</p>;
  return (
    <fieldset className="address-options">
      <legend className="visually-hidden">{t("address.savedTitle")}</legend>
      {options.map((option) => {
        const { key, address } = option;
        return (
          <div key={key} className="address-option" data-testid="address-option">
            <label className="address-option__choice">
              <input
                type="radio"
                name="delivery-address"
                value={String(key)}
                checked={selected === key}
                onChange={() => onSelect(key)}
              />
              <span className="address-option__text">
                <span className="address-option__name">{address.name}</span>
                <span className="address-option__line muted">{formatAddress(address, i18n.language)}</span>
                {key === "local" && (
                  <span className="address-option__note small muted">{t("address.unsaved")}</span>
                )}
              </span>
            </label>
            {onDelete && key !== "local" && (
              <button
                type="button"
                className="icon-button address-option__delete"
                aria-label={t("address.delete", { name: address.name })}
                onClick={() => onDelete(option)}
              >
                <BinIcon size={18} />
              </button>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
