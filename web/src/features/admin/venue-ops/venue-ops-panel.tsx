import { useId, useState } from "react";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { useGeneralStore } from "@/stores/general";
import type { AdminVenue } from "../api/venues";
import { useSetControls, useVenueControls } from "./api";
import { SoldOutButton } from "./sold-out";
import "./venue-ops.css";

const BUSY_MINUTES = [10, 15, 20, 30, 45, 60];
const PAUSE_MINUTES = [15, 30, 60, 120, 240];
const ETA_MINUTES = [10, 15, 20, 25, 30, 45, 60];

function clock(iso: string, language: string, timeZone: string) {
  return new Intl.DateTimeFormat(language, { hour: "numeric", minute: "2-digit", timeZone }).format(
    new Date(iso),
  );
}

/**
 * The venue's controls on the order board (docs/architecture.md §9): busy mode with its
 * extra minutes, a pause of ASAP orders until a time, auto-accept with its
 * default time, auto-print, and the sold-out list. Every change is the
 * server's answer (admin/venues/controls/set), shown as it comes back.
 */
export function VenueOpsPanel({ scheme, venue }: { scheme: string; venue: AdminVenue }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const language = useGeneralStore((s) => s.language);
  const id = useId();
  const controls = useVenueControls(scheme, venue.venue_slug);
  const set = useSetControls(scheme, venue.venue_slug);
  const [busyPick, setBusyPick] = useState(20);
  const [pausePick, setPausePick] = useState(30);

  if (!controls.data) {
    return controls.isError ? (
      <p role="alert" className="alert alert--error">
        {errorMessage(controls.error)}
      </p>
    ) : null;
  }
  const c = controls.data;
  const busy = c.busy_minutes > 0;
  const busy4 = busy ? c.busy_minutes : busyPick;
  const etaOptions = ETA_MINUTES.includes(c.auto_accept_minutes)
    ? ETA_MINUTES
    : [...ETA_MINUTES, c.auto_accept_minutes].sort((a, b) => a - b);
  const busyOptions = BUSY_MINUTES.includes(busy4)
    ? BUSY_MINUTES
    : [...BUSY_MINUTES, busy4].sort((a, b) => a - b);

  return (
    <div className="venue-ops" role="group" aria-label={t("venueControls.label", { venue: venue.name })}>
      <div className="venue-ops__control">
        <label className="venue-ops__switch">
          <input
            type="checkbox"
            role="switch"
            checked={busy}
            disabled={set.isPending}
            onChange={(e) => set.mutate({ busy_minutes: e.target.checked ? busyPick : 0 })}
          />
          {t("venueControls.busy")}
        </label>
        <label className="visually-hidden" htmlFor={`${id}-busy`}>
          {t("venueControls.busyMinutes")}
        </label>
        <select
          id={`${id}-busy`}
          value={busy4}
          disabled={set.isPending}
          onChange={(e) => {
            const minutes = Number(e.target.value);
            setBusyPick(minutes);
            if (busy) set.mutate({ busy_minutes: minutes });
          }}
        >
          {busyOptions.map((m) => (
            <option key={m} value={m}>
              {t("venueControls.plusMinutes", { count: m })}
            </option>
          ))}
        </select>
      </div>

      <div className="venue-ops__control">
        {c.paused_until ? (
          <>
            <span className="venue-ops__paused" role="status">
              {t("venueControls.pausedUntil", { time: clock(c.paused_until, language, venue.time_zone) })}
            </span>
            <button
              type="button"
              className="button button--secondary venue-ops__button"
              disabled={set.isPending}
              onClick={() => set.mutate({ paused_until: null })}
            >
              {t("venueControls.resume")}
            </button>
          </>
        ) : (
          <>
            <label htmlFor={`${id}-pause`}>{t("venueControls.pauseFor")}</label>
            <select
              id={`${id}-pause`}
              value={pausePick}
              onChange={(e) => setPausePick(Number(e.target.value))}
            >
              {PAUSE_MINUTES.map((m) => (
                <option key={m} value={m}>
                  {m < 60
                    ? t("venueControls.minutes", { count: m })
                    : t("venueControls.hours", { count: m / 60 })}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button button--secondary venue-ops__button"
              disabled={set.isPending}
              onClick={() =>
                set.mutate({ paused_until: new Date(Date.now() + pausePick * 60_000).toISOString() })
              }
            >
              {t("venueControls.pause")}
            </button>
          </>
        )}
      </div>

      <div className="venue-ops__control">
        <label className="venue-ops__switch">
          <input
            type="checkbox"
            role="switch"
            checked={c.auto_accept}
            disabled={set.isPending}
            onChange={(e) => set.mutate({ auto_accept: e.target.checked })}
          />
          {t("venueControls.autoAccept")}
        </label>
        <label className="visually-hidden" htmlFor={`${id}-eta`}>
          {t("venueControls.autoAcceptMinutes")}
        </label>
        <select
          id={`${id}-eta`}
          value={c.auto_accept_minutes}
          disabled={set.isPending}
          onChange={(e) => set.mutate({ auto_accept_minutes: Number(e.target.value) })}
        >
          {etaOptions.map((m) => (
            <option key={m} value={m}>
              {t("venueControls.minutes", { count: m })}
            </option>
          ))}
        </select>
      </div>

      <div className="venue-ops__control">
        <label className="venue-ops__switch">
          <input
            type="checkbox"
            role="switch"
            checked={c.auto_print}
            disabled={set.isPending}
            onChange={(e) => set.mutate({ auto_print: e.target.checked })}
          />
          {t("venueControls.autoPrint")}
        </label>
      </div>

      <SoldOutButton scheme={scheme} venue={venue} controls={c} />

      {set.isError ? (
        <p role="alert" className="alert alert--error venue-ops__error">
          {errorMessage(set.error)}
        </p>
      ) : null}
    </div>
  );
}
