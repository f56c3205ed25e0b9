import { useId } from "react";
import { useTranslation } from "@/i18n";
import { AddressLookup } from "./address-lookup";
import { FieldProblem } from "./field-problem";
import { MoneyInput } from "./money-input";
import { NumberField, PercentField, TextField } from "./venue-fields";
import { withCountry, type VenueDoc } from "./venue-model";

const ZONES = ["Europe/London", "Europe/Warsaw", "Europe/Dublin", "Europe/Berlin", "Europe/Paris"];

interface Props {
  venue: VenueDoc;
  onChange: (venue: VenueDoc) => void;
  currency: string;
  /** The last save's problems, keyed by the venue's path ("address.postcode"), in the manager's language. */
  problems?: Record<string, string>;
}

/** The venue's details: address and pin, zone, order types, minutes, minimums, rates, tipping, slot capacity. */
export function VenueDetails({ venue: v, onChange, currency, problems = {} }: Props) {
  const { t } = useTranslation();
  const typesProblem = useId();
  const set = (patch: Partial<VenueDoc>) => onChange({ ...v, ...patch });
  const types = v.order_types ?? [];
  const toggleType = (type: number, on: boolean) =>
    set({
      order_types: on ? [...types.filter((x) => x !== type), type].sort() : types.filter((x) => x !== type),
    });
  return (
    <div className="venues-details">
      <div className="venues-grid">
        <TextField
          label={t("venues.name")}
          value={v.name}
          maxLength={120}
          problem={problems.name}
          onChange={(name) => set({ name })}
        />
        <TextField
          label={t("venues.timeZone")}
          value={v.time_zone}
          list="venue-time-zones"
          problem={problems.time_zone}
          onChange={(time_zone) => set({ time_zone })}
        />
        <datalist id="venue-time-zones">
          {ZONES.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      </div>
      <AddressLookup
        lat={v.lat}
        lng={v.lng}
        onMove={(lat, lng) => set({ lat, lng })}
        onFound={(d) =>
          onChange(
            withCountry(
              {
                ...v,
                lat: d.lat,
                lng: d.lng,
                address: { ...v.address, line1: d.line_1, city: d.city, postcode: d.postcode },
              },
              d.country,
            ),
          )
        }
      />
      <div className="venues-grid">
        {(["line1", "line2", "city", "postcode"] as const).map((k) => (
          <TextField
            key={k}
            label={t(`venues.address.${k}`)}
            value={v.address[k]}
            maxLength={k === "postcode" ? 16 : 120}
            problem={problems[`address.${k}`]}
            onChange={(text) => set({ address: { ...v.address, [k]: text } })}
          />
        ))}
        <label className="venues-field">
          <span>{t("venues.address.country")}</span>
          <select value={v.address.country} onChange={(e) => onChange(withCountry(v, e.target.value))}>
            <option value="GB">GB</option>
            <option value="PL">PL</option>
          </select>
        </label>
      </div>
      <fieldset
        className="venues-fieldset"
        aria-invalid={problems.order_types ? true : undefined}
        aria-describedby={problems.order_types ? typesProblem : undefined}
      >
        <legend>{t("venues.orderTypes")}</legend>
        <label className="venues-check">
          <input
            type="checkbox"
            checked={types.includes(0)}
            onChange={(e) => toggleType(0, e.target.checked)}
          />
          {t("venues.delivery")}
        </label>
        <label className="venues-check">
          <input
            type="checkbox"
            checked={types.includes(1)}
            onChange={(e) => toggleType(1, e.target.checked)}
          />
          {t("venues.pickup")}
        </label>
        <FieldProblem id={typesProblem} text={problems.order_types} />
        {types.includes(0) && v.delivery.radius_m <= 0 && (v.delivery.zones ?? []).length === 0 ? (
          <p className="venues-note" role="note" data-testid="delivery-not-yet">
            {t("venues.deliveryNotYet")}
          </p>
        ) : null}
      </fieldset>
      <div className="venues-grid">
        <NumberField
          label={t("venues.prepMinutes")}
          value={v.prep_minutes}
          problem={problems["prep_minutes"]}
          max={1440}
          onChange={(n) => set({ prep_minutes: n })}
        />
        <NumberField
          label={t("venues.deliveryMinutes")}
          value={v.delivery_minutes}
          problem={problems["delivery_minutes"]}
          max={1440}
          onChange={(n) => set({ delivery_minutes: n })}
        />
        <MoneyInput
          label={t("venues.pickupMinimum")}
          currency={currency}
          value={v.pickup.minimum}
          problem={problems["pickup.minimum"]}
          onChange={(minimum) => set({ pickup: { ...v.pickup, minimum } })}
        />
        <MoneyInput
          label={t("venues.deliveryMinimum")}
          currency={currency}
          value={v.delivery.minimum}
          problem={problems["delivery.minimum"]}
          onChange={(minimum) => set({ delivery: { ...v.delivery, minimum } })}
        />
        <MoneyInput
          label={t("venues.deliveryFee")}
          currency={currency}
          value={v.delivery.fee}
          problem={problems["delivery.fee"]}
          onChange={(fee) => set({ delivery: { ...v.delivery, fee } })}
        />
        <MoneyInput
          label={t("venues.freeOver")}
          currency={currency}
          value={v.delivery.free_over}
          problem={problems["delivery.free_over"]}
          onChange={(free_over) => set({ delivery: { ...v.delivery, free_over } })}
        />
        <NumberField
          label={t("venues.radiusM")}
          value={v.delivery.radius_m}
          problem={problems["delivery.radius_m"]}
          onChange={(radius_m) => set({ delivery: { ...v.delivery, radius_m } })}
        />
        <PercentField
          label={t("venues.serviceCharge")}
          bp={v.service_charge_bp}
          problem={problems["service_charge_bp"]}
          onChange={(n) => set({ service_charge_bp: n })}
        />
        <PercentField
          label={t("venues.vat")}
          bp={v.vat_rate_bp}
          problem={problems["vat_rate_bp"]}
          onChange={(n) => set({ vat_rate_bp: n })}
        />
        <NumberField
          label={t("venues.deliverySlots")}
          value={v.delivery.slot_capacity}
          problem={problems["delivery.slot_capacity"]}
          max={10000}
          onChange={(slot_capacity) => set({ delivery: { ...v.delivery, slot_capacity } })}
        />
        <NumberField
          label={t("venues.pickupSlots")}
          value={v.pickup.slot_capacity}
          problem={problems["pickup.slot_capacity"]}
          max={10000}
          onChange={(slot_capacity) => set({ pickup: { ...v.pickup, slot_capacity } })}
        />
      </div>
      <p className="muted small">{t("venues.defaultsHint")}</p>
      <fieldset className="venues-fieldset">
        <legend>{t("venues.tipping")}</legend>
        <label className="venues-check">
          <input
            type="checkbox"
            checked={v.tipping.enabled}
            onChange={(e) => set({ tipping: { ...v.tipping, enabled: e.target.checked } })}
          />
          {t("venues.tippingOn")}
        </label>
        <label className="venues-field venues-field--inline">
          <span>{t("venues.tipPercents")}</span>
          <input
            type="text"
            value={(v.tipping.percents ?? []).join(", ")}
            onChange={(e) =>
              set({
                tipping: {
                  ...v.tipping,
                  percents: e.target.value
                    .split(/[,\s]+/)
                    .filter(Boolean)
                    .map((x) => Math.round(Number(x)))
                    .filter((x) => Number.isFinite(x)),
                },
              })
            }
          />
        </label>
        <NumberField
          label={t("venues.tipDefault")}
          value={v.tipping.default_percent}
          max={100}
          onChange={(n) => set({ tipping: { ...v.tipping, default_percent: n } })}
        />
        <label className="venues-check">
          <input
            type="checkbox"
            checked={v.tipping.allow_custom}
            onChange={(e) => set({ tipping: { ...v.tipping, allow_custom: e.target.checked } })}
          />
          {t("venues.tipCustom")}
        </label>
      </fieldset>
    </div>
  );
}
