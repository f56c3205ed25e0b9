import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form/form-alert";
import { useTranslation } from "@/i18n";
import { useDrivers } from "../venue-ops/api";
import type { BoardOrder } from "./api";

/** Who takes a delivery on its way: one of the scheme's drivers, or the venue itself. */
export type Dispatch = { driverId: number } | { ownDelivery: true };

const OWN = "own";

/**
 * "On the way" of a delivery asks first: which driver takes it (the one
 * already assigned is chosen), or, chosen explicitly, nobody (only while no
 * driver is assigned) — the venue delivers it itself and the customer gets
 * no position on the map. Nothing
 * is chosen for them: the send button waits for a choice.
 */
export function DispatchDialog({
  order,
  scheme,
  busy,
  error,
  onDispatch,
  onHide,
}: {
  order: BoardOrder | null;
  scheme: string;
  busy: boolean;
  error: unknown;
  onDispatch: (choice: Dispatch) => void;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const drivers = useDrivers(scheme);
  const assigned = order?.driver?.id;
  const [choice, setChoice] = useState<string>(assigned ? String(assigned) : "");
  const list = drivers.data ?? [];
  const own = choice === OWN;
  const send = () => {
    if (choice === "") return;
    onDispatch(own ? { ownDelivery: true } : { driverId: Number(choice) });
  };
  return (
    <Dialog
      open={order !== null}
      onHide={onHide}
      title={order ? t("board.dispatchTitle", { number: order.order_number }) : ""}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onHide}>
            {t("common.cancel")}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy || choice === ""}
            onClick={send}
            data-testid="dispatch-confirm"
          >
            {t(own ? "board.dispatchOwn" : "board.dispatch")}
          </button>
        </>
      }
    >
      <FormAlert error={error ?? drivers.error} />
      <fieldset className="board-choices">
        <legend>{t("board.dispatchWho")}</legend>
        <div className="board-choices__options board-choices__options--column">
          {drivers.isPending ? <p className="muted">{t("board.loadingDrivers")}</p> : null}
          {list.map((d) => (
            <label key={d.id} className="board-choice">
              <input
                type="radio"
                name="driver"
                value={d.id}
                checked={choice === String(d.id)}
                onChange={() => setChoice(String(d.id))}
                data-autofocus={choice === String(d.id) ? "" : undefined}
              />
              <span>{d.name}</span>
            </label>
          ))}
          {/* An assigned driver stays assigned: the venue may hand the order to another one. */}
          {assigned ? null : (
            <label className="board-choice">
              <input type="radio" name="driver" value={OWN} checked={own} onChange={() => setChoice(OWN)} />
              <span>{t("board.ownDelivery")}</span>
            </label>
          )}
        </div>
      </fieldset>
      {own ? (
        <p className="alert alert--info" role="status">
          {t("board.ownDeliveryNote")}
        </p>
      ) : null}
    </Dialog>
  );
}
