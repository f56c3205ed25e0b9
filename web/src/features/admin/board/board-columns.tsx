import { useTranslation } from "@/i18n";
import type { BoardOrder } from "./api";
import { COLUMNS, columnOf } from "./lifecycle";
import { OrderCard, type OrderActions } from "./order-card";

/** The board's four columns (new, preparing, ready or on the way, done today) of order cards. */
export function BoardColumns({
  orders,
  actions,
  now,
  autoRejectMinutes,
  timeZone,
}: {
  orders: BoardOrder[];
  actions: OrderActions;
  now: number;
  autoRejectMinutes: number;
  timeZone: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="board__columns">
      {COLUMNS.map((column) => {
        const list = orders.filter((o) => columnOf(o.status) === column);
        return (
          <section
            key={column}
            className={`board-column board-column--${column}`}
            aria-labelledby={`col-${column}`}
          >
            <h2 id={`col-${column}`} className="board-column__title">
              {t(`board.columns.${column}`)} <span className="board-column__count">{list.length}</span>
            </h2>
            {list.length === 0 ? (
              <p className="board-column__empty muted">{t("board.empty")}</p>
            ) : (
              <div className="board-column__cards" data-testid={`column-${column}`}>
                {list.map((order) => (
                  <OrderCard
                    key={order.id}
                    order={order}
                    actions={actions}
                    now={now}
                    autoRejectMinutes={autoRejectMinutes}
                    timeZone={timeZone}
                  />
                ))}
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
