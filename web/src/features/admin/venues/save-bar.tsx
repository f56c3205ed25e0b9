import { useTranslation } from "@/i18n";
import type { SaveState } from "./use-venues";

/** A section's save button and what became of its last save (announced to screen readers). */
export function SaveBar({
  state,
  onSave,
  disabled,
}: {
  state: SaveState;
  onSave: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
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
      <span role="status" className={`venues-save__status venues-save__status--${state.state}`}>
        {state.state === "saved" ? t("venues.saved") : null}
      </span>
      {state.state === "failed" ? (
        <div role="alert" className="alert alert--error venues-save__error">
          <p>{state.message}</p>
          {Object.keys(state.fields).length > 0 ? (
            <ul>
              {Object.entries(state.fields).map(([path, message]) => (
                <li key={path}>
                  <code>{path}</code>: {message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
