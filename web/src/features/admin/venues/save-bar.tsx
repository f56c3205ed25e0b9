import { useTranslation } from "@/i18n";
import type { SaveState } from "./use-venues";
import { problemsFor } from "./venue-problems";

/**
 * A section's save button and what became of its last save (announced to screen readers): saved,
 * not saved yet, or refused with each problem named as the screen names its field, in the
 * manager's language (the fields themselves show theirs too).
 */
export function SaveBar({
  state,
  onSave,
  disabled,
  unsaved,
  hint,
}: {
  state: SaveState;
  onSave: () => void;
  disabled?: boolean;
  /** The section has edits not saved yet. */
  unsaved?: boolean;
  /** Said beside the button while nothing else is (e.g. why it is disabled). */
  hint?: string;
}) {
  const { t } = useTranslation();
  const problems = state.state === "failed" ? problemsFor(state.fields, t) : [];
  const status =
    state.state === "saved" && !unsaved
      ? t("venues.saved")
      : unsaved && state.state !== "saving"
        ? t("venues.unsaved")
        : null;
  return (
    <div className="venues-save">
      <button
        type="button"
        className="button button--primary"
        onClick={onSave}
        disabled={disabled || state.state === "saving"}
      >
        {state.state === "saving" ? t("venues.saving") : t("venues.save")}
      </button>
      <span
        role="status"
        className={`venues-save__status venues-save__status--${unsaved ? "unsaved" : state.state}`}
      >
        {status}
      </span>
      {hint && !status ? <span className="muted small">{hint}</span> : null}
      {state.state === "failed" ? (
        <div role="alert" className="alert alert--error venues-save__error">
          <p>{problems.length > 0 ? t("venues.problemsIntro") : state.message}</p>
          {problems.length > 0 ? (
            <ul>
              {problems.map((p) => (
                <li key={p.path}>
                  <strong>{p.label}</strong>: {p.text}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
