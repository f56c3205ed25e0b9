import { useId } from "react";
import { useTranslation } from "@/i18n";
import { Spinner } from "@/components/ui/spinner";
import { OrderType } from "@/lib/enums";
import type { Slot } from "../api/types";
import { groupSlots } from "../lib/slots";
import { describedBy } from "../lib/aria";
import { FieldShell, Section } from "./field";

interface TimingSectionProps {
  orderType: OrderType;
  timeZone: string;
  isAsap: boolean;
  preorderFor: string | null;
  slots: readonly Slot[] | undefined;
  asapAvailable: boolean;
  loading: boolean;
  error?: string;
  onChange: (isAsap: boolean, preorderFor: string | null) => void;
}

/**
 * Pickup or delivery time (docs/product.md §2): as soon as possible while the venue
 * takes ASAP orders, otherwise (or by choice) a 15-minute slot with room.
 */
export function TimingSection(props: TimingSectionProps) {
  const { t, i18n } = useTranslation();
  const name = useId();
  const { isAsap, asapAvailable, slots, loading, error, onChange } = props;
  const days = groupSlots(slots ?? [], props.timeZone, i18n.language, new Date(), {
    today: t("checkout.time.today"),
    tomorrow: t("checkout.time.tomorrow"),
  });
  const delivery = props.orderType === OrderType.DELIVERY;
  const scheduled = !isAsap || !asapAvailable;
  return (
    <Section id="co-time" title={t(delivery ? "checkout.time.deliveryTitle" : "checkout.time.pickupTitle")}>
      {loading && !slots ? (
        <Spinner />
      ) : (
        <>
          <fieldset className="co-choice" id="time" tabIndex={-1}>
            <legend className="visually-hidden">
              {t(delivery ? "checkout.time.deliveryTitle" : "checkout.time.pickupTitle")}
            </legend>
            <label className={`co-choice__option${!asapAvailable ? " co-choice__option--disabled" : ""}`}>
              <input
                type="radio"
                name={name}
                checked={isAsap && asapAvailable}
                disabled={!asapAvailable}
                onChange={() => onChange(true, null)}
              />
              <span>
                <span className="co-choice__label">{t("checkout.time.asap")}</span>
                {!asapAvailable && (
                  <span className="co-choice__hint">{t("checkout.time.asapUnavailable")}</span>
                )}
              </span>
            </label>
            <label className="co-choice__option">
              <input
                type="radio"
                name={name}
                checked={scheduled}
                onChange={() => onChange(false, props.preorderFor)}
              />
              <span className="co-choice__label">{t("checkout.time.schedule")}</span>
            </label>
          </fieldset>
          {scheduled && (
            <FieldShell id="time-slot" label={t("checkout.time.slot")} error={error}>
              {days.length === 0 ? (
                <p className="co-empty" id="time-slot">
                  {t("checkout.time.noSlots")}
                </p>
              ) : (
                <select
                  id="time-slot"
                  className="co-input"
                  value={props.preorderFor ?? ""}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy("time-slot", error)}
                  onChange={(e) => onChange(false, e.target.value || null)}
                >
                  <option value="">{t("checkout.time.choose")}</option>
                  {days.map((day) => (
                    <optgroup key={day.date} label={day.label}>
                      {day.slots.map((s) => (
                        <option key={s.value} value={s.value}>
                          {day.label}, {s.label}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              )}
            </FieldShell>
          )}
          {!scheduled && error && (
            <p className="co-field__error" id="time-error">
              {error}
            </p>
          )}
        </>
      )}
    </Section>
  );
}
