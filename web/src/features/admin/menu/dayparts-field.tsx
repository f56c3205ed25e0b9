import { useState } from "react";
import { useTranslation } from "@/i18n";
import type { Daypart } from "./menu-ops";

const DAYS = [1, 2, 3, 4, 5, 6, 0]; // Monday first, as the week is read in both languages

/**
 * When an item is served (docs/architecture.md §10): none = all day; each daypart is
 * weekdays with a from and a to in the venue's time. Outside them the storefront lists
 * it unavailable and checkout refuses it. A change is saved when a time field is left
 * or a day is ticked.
 */
export function DaypartsField(props: {
  idPrefix: string;
  value: Daypart[];
  onChange: (v: Daypart[]) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(props.value);
  const [was, setWas] = useState(props.value);
  const [focused, setFocused] = useState(false); // never reset under the manager's hands
  if (!focused && was !== props.value && JSON.stringify(was) !== JSON.stringify(props.value)) {
    setWas(props.value);
    setDraft(props.value);
  }
  const valid = (d: Daypart) => d.days.length > 0 && d.from !== "" && d.to !== "" && d.from !== d.to;
  const save = (next: Daypart[]) => {
    setDraft(next);
    if (next.every(valid)) props.onChange(next);
  };
  const set = (i: number, patch: Partial<Daypart>) => draft.map((d, j) => (j === i ? { ...d, ...patch } : d));
  const dayName = (day: number) =>
    new Intl.DateTimeFormat(t("menuEditor.locale"), { weekday: "short" }).format(
      new Date(Date.UTC(2026, 2, 1 + day)),
    );
  return (
    <fieldset
      className="item-editor__fieldset"
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      <legend>{t("menuEditor.dayparts")}</legend>
      {draft.length === 0 ? <p className="muted">{t("menuEditor.allDay")}</p> : null}
      {draft.map((d, i) => (
        <div key={i} className="daypart" role="group" aria-label={t("menuEditor.daypart", { n: i + 1 })}>
          <div className="daypart__days">
            {DAYS.map((day) => (
              <label key={day} className="daypart__day">
                <input
                  type="checkbox"
                  checked={d.days.includes(day)}
                  onChange={(e) =>
                    save(
                      set(i, {
                        days: e.target.checked ? [...d.days, day].sort() : d.days.filter((x) => x !== day),
                      }),
                    )
                  }
                />
                {dayName(day)}
              </label>
            ))}
          </div>
          <label className="daypart__time">
            {t("menuEditor.from")}
            <input
              type="time"
              value={d.from}
              onChange={(e) => setDraft(set(i, { from: e.target.value }))}
              onBlur={() => save(draft)}
            />
          </label>
          <label className="daypart__time">
            {t("menuEditor.to")}
            <input
              type="time"
              value={d.to}
              onChange={(e) => setDraft(set(i, { to: e.target.value }))}
              onBlur={() => save(draft)}
            />
          </label>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => save(draft.filter((_, j) => j !== i))}
          >
            {t("menuEditor.removeDaypart")}
          </button>
          {!valid(d) ? (
            <p className="field__error" role="alert">
              {t("menuEditor.daypartInvalid")}
            </p>
          ) : null}
        </div>
      ))}
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => save([...draft, { days: [1, 2, 3, 4, 5], from: "07:00", to: "11:00" }])}
      >
        {t("menuEditor.addDaypart")}
      </button>
    </fieldset>
  );
}
