import { useTranslation } from "@/i18n";
import { AddressLookup } from "./address-lookup";
import { MoneyInput } from "./money-input";
import type { VenueDoc } from "./venue-model";

const ZONES = ["Europe/London", "Europe/Warsaw", "Europe/Dublin", "Europe/Berlin", "Europe/Paris"];

interface Props {
  venue: VenueDoc;
  onChange: (venue: VenueDoc) => void;
  currency: string;
}

function NumberField({
  label,
  value,
  onChange,
  min = 0,
  max,
}: {
  label: string;
  value: number;
  onChange: (n: number) => void;
  min?: number;
  max?: number;
}) {
  return (
    <label className="venues-field">
      <span>{label}</span>
      <input
        type="number"
        min={min}
        max={max}
        value={value}
        onChange={(e) => onChange(Math.round(Number(e.target.value) || 0))}
      />
    </label>
  );
}

/** A percentage typed with up to two decimals, kept in basis points. */
function PercentField({
  label,
  bp,
  onChange,
}: {
  label: string;
  bp: number;
  onChange: (bp: number) => void;
}) {
  return (
    <label className="venues-field">
      <span>{label} (%)</span>
      <input
        type="number"
        min={0}
        max={100}
        step={0.01}
        value={bp / 100}
        onChange={(e) => onChange(Math.round((Number(e.target.value) || 0) * 100))}
      />
    </label>
  );
}

/** The venue's details: address and pin, zone, order types, minutes, minimums, rates, tipping, slot capacity. */
export function VenueDetails({ venue: v, onChange, currency }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<VenueDoc>) => onChange({ ...v, ...patch });
  const types = v.order_types ?? [];
  const toggleType = (type: number, on: boolean) =>
    set({
      order_types: on ? [...types.filter((x) => x !== type), type].sort() : types.filter((x) => x !== type),
    });
  return (
    <div className="venues-details">
      <div className="venues-grid">
        <label className="venues-field">
          <span>{t("venues.name")}</span>
          <input type="text" value={v.name} maxLength={120} onChange={(e) => set({ name: e.target.value })} />
        </label>
        <label className="venues-field">
          <span>{t("venues.timeZone")}</span>
          <input
            list="venue-time-zones"
            value={v.time_zone}
            onChange={(e) => set({ time_zone: e.target.value })}
          />
          <datalist id="venue-time-zones">
            {ZONES.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </label>
      </div>
      <AddressLookup
        lat={v.lat}
        lng={v.lng}
        onMove={(lat, lng) => set({ lat, lng })}
        onFound={(d) =>
          set({
            lat: d.lat,
            lng: d.lng,
            address: {
              ...v.address,
              line1: d.line_1,
              city: d.city,
              postcode: d.postcode,
              country: d.country,
            },
          })
        }
      />
      <div className="venues-grid">
        {(["line1", "line2", "city", "postcode"] as const).map((k) => (
          <label key={k} className="venues-field">
            <span>{t(`venues.address.${k}`)}</span>
            <input
              type="text"
              value={v.address[k]}
              maxLength={k === "postcode" ? 16 : 120}
              onChange={(e) => set({ address: { ...v.address, [k]: e.target.value } })}
            />
          </label>
        ))}
        <label className="venues-field">
          <span>{t("venues.address.country")}</span>
          <select
            value={v.address.country}
            onChange={(e) => set({ address: { ...v.address, country: e.target.value } })}
          >
            <option value="GB">GB</option>
            <option value="PL">PL</option>
          </select>
        </label>
      </div>
      <fieldset className="venues-fieldset">
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
      </fieldset>
      <div className="venues-grid">
        <NumberField
          label={t("venues.prepMinutes")}
          value={v.prep_minutes}
          max={1440}
          onChange={(n) => set({ prep_minutes: n })}
        />
        <NumberField
          label={t("venues.deliveryMinutes")}
          value={v.delivery_minutes}
          max={1440}
          onChange={(n) => set({ delivery_minutes: n })}
        />
        <MoneyInput
          label={t("venues.pickupMinimum")}
          currency={currency}
          value={v.pickup.minimum}
          onChange={(minimum) => set({ pickup: { ...v.pickup, minimum } })}
        />
        <MoneyInput
          label={t("venues.deliveryMinimum")}
          currency={currency}
          value={v.delivery.minimum}
          onChange={(minimum) => set({ delivery: { ...v.delivery, minimum } })}
        />
        <MoneyInput
          label={t("venues.deliveryFee")}
          currency={currency}
          value={v.delivery.fee}
          onChange={(fee) => set({ delivery: { ...v.delivery, fee } })}
        />
        <MoneyInput
          label={t("venues.freeOver")}
          currency={currency}
          value={v.delivery.free_over}
          onChange={(free_over) => set({ delivery: { ...v.delivery, free_over } })}
        />
        <NumberField
          label={t("venues.radiusM")}
          value={v.delivery.radius_m}
          onChange={(radius_m) => set({ delivery: { ...v.delivery, radius_m } })}
        />
        <PercentField
          label={t("venues.serviceCharge")}
          bp={v.service_charge_bp}
          onChange={(n) => set({ service_charge_bp: n })}
        />
        <PercentField label={t("venues.vat")} bp={v.vat_rate_bp} onChange={(n) => set({ vat_rate_bp: n })} />
        <NumberField
          label={t("venues.deliverySlots")}
          value={v.delivery.slot_capacity}
          max={10000}
          onChange={(slot_capacity) => set({ delivery: { ...v.delivery, slot_capacity } })}
        />
        <NumberField
          label={t("venues.pickupSlots")}
          value={v.pickup.slot_capacity}
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
