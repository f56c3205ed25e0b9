import { useTranslation } from "@/i18n";
import type { Store } from "@/lib/api/types";
import type { OrderType } from "@/lib/enums";
import type { Basket } from "@/stores/basket";
import type { useCheckoutTiming } from "../hooks/use-checkout-timing";
import type { useContactDetails } from "../hooks/use-contact-details";
import type { CheckoutField, ContactValues } from "../lib/validation";
import { AddressSection } from "./address-section";
import { ContactSections } from "./contact-sections";
import { Section, TextAreaField } from "./field";
import { TimingSection } from "./timing-section";

interface CheckoutDetailsProps {
  scheme: string;
  contact: ReturnType<typeof useContactDetails>;
  onContactChange: (patch: Partial<ContactValues>) => void;
  /** i18n keys of Pay's checks, or the server's text (shown as is). */
  fieldErrors: Partial<Record<CheckoutField, string>>;
  orderType: OrderType;
  venue: Store;
  timing: ReturnType<typeof useCheckoutTiming>;
  timeError: string | undefined;
  onTimingChange: (asap: boolean, at: string | null) => void;
  delivery: boolean;
  detail: Basket["orderDetail"];
  addressError: string | undefined;
  onAddressChange: () => void;
  onNoteChange: (note: string) => void;
}

/** Who orders (customer and contact details), when, where to (delivery), and the note. */
export function CheckoutDetails(p: CheckoutDetailsProps) {
  const { t } = useTranslation();
  return (
    <>
      <ContactSections
        scheme={p.scheme}
        values={p.contact.values}
        onChange={p.onContactChange}
        errors={p.fieldErrors}
        signedIn={p.contact.signedIn}
        signedInEmail={p.contact.signedInEmail}
      />
      <TimingSection
        orderType={p.orderType}
        timeZone={p.venue.time_zone}
        isAsap={p.timing.isAsap}
        preorderFor={p.timing.preorderFor}
        slots={p.timing.slots.data?.slots}
        asapAvailable={p.timing.asapAvailable}
        loading={p.timing.slots.isPending}
        error={p.timeError}
        onChange={p.onTimingChange}
      />
      {p.delivery && (
        <AddressSection
          address={p.detail.delivery_address}
          error={p.addressError}
          onChange={p.onAddressChange}
        />
      )}
      <Section id="co-note" title={t("checkout.note.title")}>
        <TextAreaField
          id="order-note"
          label={<span className="visually-hidden">{t("checkout.note.title")}</span>}
          placeholder={t("checkout.note.placeholder")}
          value={p.detail.order_note}
          maxLength={500}
          rows={3}
          onChange={(e) => p.onNoteChange(e.target.value)}
        />
      </Section>
    </>
  );
}
