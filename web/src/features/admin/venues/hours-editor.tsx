import { Fragment, useEffect, useRef, useState } from "react";
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

interface CopyPanelProps {
  from: string;
  dayName: (day: string) => string;
  onApply: (to: string[]) => void;
  onCancel: () => void;
}

/**
 * "Copy Monday to…": the other days to tick, shown right under the day it copies (not at the end
 * of the week, off screen), its first box focused and the panel scrolled into view.
 */
function CopyPanel({ from, dayName, onApply, onCancel }: CopyPanelProps) {
  const { t } = useTranslation();
  const [to, setTo] = useState<string[]>([]);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    first.current?.focus({ preventScroll: true });
    first.current?.closest("fieldset")?.scrollIntoView({ block: "nearest" });
  }, [from]);
  return (
    <fieldset className="hours__copy" data-testid="hours-copy">
      <legend>{t("venues.copyTo", { day: dayName(from) })}</legend>
      {WEEKDAYS.filter((d) => d !== from).map((d, i) => (
        <label key={d} className="venues-check">
          <input
            ref={i === 0 ? first : undefined}
            type="checkbox"
            checked={to.includes(d)}
            onChange={(e) => setTo((list) => (e.target.checked ? [...list, d] : list.filter((x) => x !== d)))}
          />
          {dayName(d)}
        </label>
      ))}
      <span className="hours__copy-actions">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={to.length === 0}
          onClick={() => onApply(to)}
        >
          {t("venues.copyApply")}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onCancel}>
          {t("venues.cancel")}
        </button>
      </span>
    </fieldset>
  );
}

/** The weekly hours: several ranges a day, a closed day has none; one day copied to others. */
export function HoursEditor({ hours, onChange }: { hours: Hours; onChange: (hours: Hours) => void }) {
  const { t } = useTranslation();
  const [copyFrom, setCopyFrom] = useState<string | null>(null);
  const dayName = (d: string) => t(`venues.day.${d}`);
  return (
    <div className="hours">
      {WEEKDAYS.map((day) => {
        const ranges = rangesOf(hours, day);
        return (
          <Fragment key={day}>
            <div className="hours__day" data-testid={`hours-${day}`}>
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
                  aria-expanded={copyFrom === day}
                  onClick={() => setCopyFrom(copyFrom === day ? null : day)}
                >
                  {t("venues.copy")}
                  <span className="visually-hidden"> ({dayName(day)})</span>
                </button>
              </span>
            </div>
            {copyFrom === day ? (
              <CopyPanel
                from={day}
                dayName={dayName}
                onApply={(to) => {
                  onChange(copyDay(hours, day, to));
                  setCopyFrom(null);
                }}
                onCancel={() => setCopyFrom(null)}
              />
            ) : null}
          </Fragment>
        );
      })}
    </div>
  );
}
