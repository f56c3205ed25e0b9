import { useState } from "react";
import { useTranslation } from "@/i18n";
import { RangesInputs } from "./hours-editor";
import { clashingDates, newException, setClosed, type HoursException } from "./venue-model";

interface Props {
  exceptions: HoursException[];
  onChange: (exceptions: HoursException[]) => void;
  today: string;
}

/** Dated exceptions: closed or special hours, for all or some order types, with the note customers see. */
export function ExceptionsEditor({ exceptions, onChange, today }: Props) {
  const { t } = useTranslation();
  const [date, setDate] = useState("");
  const clashes = clashingDates(exceptions);
  const update = (i: number, e: HoursException) => onChange(exceptions.map((x, j) => (j === i ? e : x)));
  const ordered = exceptions.map((e, i) => ({ e, i })).sort((a, b) => a.e.date.localeCompare(b.e.date));
  return (
    <div className="exceptions">
      {exceptions.length === 0 ? <p className="muted">{t("venues.noExceptions")}</p> : null}
      <ul className="exceptions__list">
        {ordered.map(({ e, i }) => (
          <li key={i} className="exceptions__item" data-testid={`exception-${e.date}`}>
            <div className="exceptions__head">
              <input
                type="date"
                aria-label={t("venues.exceptionDate")}
                value={e.date}
                onChange={(ev) => update(i, { ...e, date: ev.target.value })}
              />
              {e.date < today ? <span className="muted">{t("venues.past")}</span> : null}
              {clashes.has(e.date) ? <span className="hours-range__problem">{t("venues.clash")}</span> : null}
              <label className="venues-check">
                <input type="radio" checked={e.closed} onChange={() => update(i, setClosed(e, true))} />
                {t("venues.closedDay")}
              </label>
              <label className="venues-check">
                <input type="radio" checked={!e.closed} onChange={() => update(i, setClosed(e, false))} />
                {t("venues.specialHours")}
              </label>
              <label className="venues-field venues-field--inline">
                <span>{t("venues.appliesTo")}</span>
                <select
                  value={e.order_types.length === 1 ? String(e.order_types[0]) : "all"}
                  onChange={(ev) =>
                    update(i, {
                      ...e,
                      order_types: ev.target.value === "all" ? [] : [Number(ev.target.value)],
                    })
                  }
                >
                  <option value="all">{t("venues.allOrderTypes")}</option>
                  <option value="0">{t("venues.deliveryOnlyType")}</option>
                  <option value="1">{t("venues.pickupOnlyType")}</option>
                </select>
              </label>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => onChange(exceptions.filter((_, j) => j !== i))}
              >
                {t("venues.remove")}
                <span className="visually-hidden"> {e.date}</span>
              </button>
            </div>
            {!e.closed ? (
              <div className="hours__ranges">
                <RangesInputs
                  ranges={e.ranges}
                  label={e.date}
                  onChange={(k, r) => update(i, { ...e, ranges: e.ranges.map((x, j) => (j === k ? r : x)) })}
                  onRemove={(k) => update(i, { ...e, ranges: e.ranges.filter((_, j) => j !== k) })}
                />
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() =>
                    update(i, { ...e, ranges: [...e.ranges, { open: "17:00", close: "22:00" }] })
                  }
                >
                  {t("venues.addRange")}
                </button>
              </div>
            ) : null}
            <label className="venues-field">
              <span>{t("venues.note")}</span>
              <input
                type="text"
                maxLength={280}
                value={e.note}
                placeholder={t("venues.notePlaceholder")}
                onChange={(ev) => update(i, { ...e, note: ev.target.value })}
              />
            </label>
          </li>
        ))}
      </ul>
      <div className="exceptions__add">
        <label className="venues-field venues-field--inline">
          <span>{t("venues.newExceptionDate")}</span>
          <input type="date" min={today} value={date} onChange={(e) => setDate(e.target.value)} />
        </label>
        <button
          type="button"
          className="button button--ghost"
          disabled={date === ""}
          onClick={() => {
            onChange([...exceptions, newException(date)]);
            setDate("");
          }}
        >
          {t("venues.addException")}
        </button>
      </div>
    </div>
  );
}
