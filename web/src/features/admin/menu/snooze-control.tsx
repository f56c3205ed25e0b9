import { useState } from "react";
import { useTranslation } from "@/i18n";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useAdmin } from "../shell/admin-context";
import { useSetSoldOut, useVenueControls } from "../venue-ops/api";

/**
 * Snooze from the editor: the item is off at one venue until a time today or
 * tomorrow, or until the end of the venue's day, and comes back by itself.
 */
export function SnoozeControl({ scheme, itemId }: { scheme: string; itemId: number }) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const { venues } = useAdmin();
  const [venue, setVenue] = useState(venues[0]?.venue_slug ?? "");
  const [time, setTime] = useState("");
  const controls = useVenueControls(scheme, venue);
  const setSoldOut = useSetSoldOut(scheme, venue);
  if (!venue) return null;
  const soldOut = controls.data?.sold_out.item_ids.includes(itemId) ?? false;
  const until = controls.data?.sold_out.item_until?.[String(itemId)];
  const untilText = until
    ? new Intl.DateTimeFormat(i18n.language, { weekday: "short", hour: "2-digit", minute: "2-digit" }).format(
        new Date(until),
      )
    : "";
  /** The next time the clock shows HH:MM (today, or tomorrow when it has passed). */
  const nextAt = (hhmm: string) => {
    const [h, m] = hhmm.split(":").map(Number);
    const at = new Date();
    at.setHours(h ?? 0, m ?? 0, 0, 0);
    if (at.getTime() <= Date.now()) at.setDate(at.getDate() + 1);
    return at.toISOString();
  };
  return (
    <section className="snooze" aria-labelledby="snooze-title">
      <h3 id="snooze-title" className="item-editor__heading">
        {t("menuEditor.snooze")}
      </h3>
      {venues.length > 1 ? (
        <label className="snooze__venue">
          {t("menuEditor.snoozeVenue")}
          <select value={venue} onChange={(e) => setVenue(e.target.value)}>
            {venues.map((v) => (
              <option key={v.venue_slug} value={v.venue_slug}>
                {v.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <p className="snooze__state" role="status">
        {soldOut
          ? until
            ? t("menuEditor.snoozedUntil", { time: untilText })
            : t("menuEditor.soldOut")
          : t("menuEditor.onSale")}
      </p>
      <div className="snooze__actions">
        {soldOut ? (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setSoldOut.mutate({ kind: "item", id: itemId, soldOut: false })}
          >
            {t("menuEditor.backOnSale")}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setSoldOut.mutate({ kind: "item", id: itemId, soldOut: true, until: "end_of_day" })}
        >
          {t("menuEditor.snoozeEndOfDay")}
        </button>
        <label className="snooze__time">
          <span className="visually-hidden">{t("menuEditor.snoozeTime")}</span>
          <input type="time" value={time} onChange={(e) => setTime(e.target.value)} />
        </label>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={!time}
          onClick={() => setSoldOut.mutate({ kind: "item", id: itemId, soldOut: true, until: nextAt(time) })}
        >
          {t("menuEditor.snoozeUntil")}
        </button>
      </div>
      {setSoldOut.error ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(setSoldOut.error)}
        </p>
      ) : null}
    </section>
  );
}
