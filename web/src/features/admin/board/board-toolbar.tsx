import { useTranslation } from "@/i18n";
import { useBellState, useEnableAlerts, useResumeSound } from "./bell";
import type { Connection } from "./board-stream";

export function ConnectionBadge({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  return (
    <p
      className={`board-connection board-connection--${connection}`}
      role="status"
      data-testid="board-connection"
    >
      <span className="board-connection__dot" aria-hidden="true" />
      {t(`board.connection.${connection}`)}
    </p>
  );
}

/**
 * "Enable sound" until the bell plays. Once chosen on this device the choice
 * stays (a visit to another admin page or a reload keeps it): the bell
 * resumes at the first touch, and until then the button says so.
 */
export function SoundControl() {
  const { t } = useTranslation();
  const state = useBellState();
  const enable = useEnableAlerts();
  useResumeSound();
  return (
    <div
      className="board-sound"
      data-testid="board-bell"
      data-enabled={state.enabled}
      data-wanted={state.wanted}
      data-rings-order={state.order}
      data-rings-reconnecting={state.reconnecting}
    >
      {state.enabled ? (
        <span className="board-sound__on">{t("board.soundOn")}</span>
      ) : (
        <button
          type="button"
          className="button button--primary board-sound__enable"
          onClick={() => void enable()}
        >
          {t(state.wanted ? "board.resumeSound" : "board.enableSound")}
        </button>
      )}
    </div>
  );
}
