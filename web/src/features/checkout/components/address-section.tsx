import { useTranslation } from "@/i18n";
import type { DeliveryAddress } from "@/stores/delivery-address";
import { Section } from "./field";
import { townLine } from "@/lib/address-line";

interface AddressSectionProps {
  address: DeliveryAddress | null;
  error?: string;
  onChange: () => void;
}

function oneLine(a: DeliveryAddress): string {
  const town = townLine(a);
  return [a.line1, a.line2, town].filter(Boolean).join(", ");
}

/** The delivery address (docs/product.md §2); changing it opens the order-address dialog. */
export function AddressSection({ address, error, onChange }: AddressSectionProps) {
  const { t } = useTranslation();
  return (
    <Section id="co-address" title={t("checkout.address.title")}>
      <div className={`co-address${error ? " co-address--invalid" : ""}`}>
        {address ? (
          <div className="co-address__text">
            {address.name && <p className="co-address__name">{address.name}</p>}
            <p className="co-address__line">{oneLine(address)}</p>
            {address.note && <p className="muted small">{address.note}</p>}
          </div>
        ) : (
          <p className="co-address__text muted">{t("checkout.address.none")}</p>
        )}
        <button
          type="button"
          id="address"
          className="button button--ghost"
          aria-haspopup="dialog"
          aria-describedby={error ? "address-error" : undefined}
          onClick={onChange}
        >
          {address ? t("checkout.address.change") : t("checkout.address.choose")}
        </button>
      </div>
      {error && (
        <p id="address-error" className="co-field__error" role="alert">
          {error}
        </p>
      )}
    </Section>
  );
}
