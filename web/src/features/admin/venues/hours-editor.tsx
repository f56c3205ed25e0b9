import { useState } from "react";
import { useTranslation } from "@/i18n";
import {
  addRange,
  copyDay,
  crossesMidnight,
  rangeProblem,
  rangesOf,
  removeRange,
  setRange,
  WEEKDAYS,
  type Hours,
  type TimeRange,
} from "./venue-model";

interface RangesProps {
  ranges: TimeRange[];
  label: string;
  onChange: (index: number, range: TimeRange) => void;
  onRemove: (index: number) => void;
}

/** One day's ranges: open and close times, "until the next day" shown, each removable. */
export function RangesInputs({ ranges, label, onChange, onRemove }: RangesProps) {
  const { t } = useTranslation();
  return (
    <>
      {ranges.map((r, i) => {
        const problem = rangeProblem(r);
        return (
          <span key={i} className="hours-range">
            <input
              type="time"
              aria-label={t("venues.opensAt", { day: label, n: i + 1 })}
              value={r.open}
              onChange={(e) => onChange(i, { ...r, open: e.target.value })}
            />
            <span aria-hidden="true">–</span>
            <input
              type="time"
              aria-label={t("venues.closesAt", { day: label, n: i + 1 })}
              value={r.close === "24:00" ? "00:00" : r.close}
              onChange={(e) => onChange(i, { ...r, close: e.target.value })}
            />
            {crossesMidnight(r) || r.close === "24:00" ? (
              <span className="hours-range__note">{t("venues.nextDay")}</span>
            ) : null}
            {problem ? <span className="hours-range__problem">{t(problem)}</span> : null}
            <button
              type="button"
              className="button button--ghost button--small"
              aria-label={t("venues.removeRange", { day: label, n: i + 1 })}
              onClick={() => onRemove(i)}
            >
              ×
            </button>
          </span>
        );
      })}
    </>
  );
}

/** The weekly hours: several ranges a day, a closed day has none; one day copied to others. */
export function HoursEditor({ hours, onChange }: { hours: Hours; onChange: (hours: Hours) => void }) {
  const { t } = useTranslation();
  const [copyFrom, setCopyFrom] = useState<string | null>(null);
  const [copyTo, setCopyTo] = useState<string[]>([]);
  const dayName = (d: string) => t(`venues.day.${d}`);
  return (
    <div className="hours">
      {WEEKDAYS.map((day) => {
        const ranges = rangesOf(hours, day);
        return (
          <div key={day} className="hours__day" data-testid={`hours-${day}`}>
            <span className="hours__name">{dayName(day)}</span>
            <div className="hours__ranges">
              {ranges.length === 0 ? <span className="muted">{t("venues.closed")}</span> : null}
              <RangesInputs
                ranges={ranges}
                label={dayName(day)}
                onChange={(i, r) => onChange(setRange(hours, day, i, r))}
                onRemove={(i) => onChange(removeRange(hours, day, i))}
              />
            </div>
            <span className="hours__actions">
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => onChange(addRange(hours, day))}
              >
                {t("venues.addRange")}
                <span className="visually-hidden"> ({dayName(day)})</span>
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => {
                  setCopyFrom(day);
                  setCopyTo([]);
                }}
              >
                {t("venues.copy")}
                <span className="visually-hidden"> ({dayName(day)})</span>
              </button>
            </span>
          </div>
        );
      })}
      {copyFrom !== null ? (
        <fieldset className="hours__copy">
          <legend>{t("venues.copyTo", { day: dayName(copyFrom) })}</legend>
          {WEEKDAYS.filter((d) => d !== copyFrom).map((d) => (
            <label key={d} className="venues-check">
              <input
                type="checkbox"
                checked={copyTo.includes(d)}
                onChange={(e) =>
                  setCopyTo((to) => (e.target.checked ? [...to, d] : to.filter((x) => x !== d)))
                }
              />
              {dayName(d)}
            </label>
          ))}
          <button
            type="button"
            className="button button--primary button--small"
            disabled={copyTo.length === 0}
            onClick={() => {
              onChange(copyDay(hours, copyFrom, copyTo));
              setCopyFrom(null);
            }}
          >
            {t("venues.copyApply")}
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setCopyFrom(null)}
          >
            {t("venues.cancel")}
          </button>
        </fieldset>
      ) : null}
    </div>
  );
}
