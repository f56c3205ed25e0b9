import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { usePrinters, useReprint } from "./api";

/** The statuses an order has a kitchen ticket in (it was accepted). */
const PRINTED = new Set(["accepted", "ready_to_collect", "on_the_way", "collected", "delivered"]);

/**
 * "Reprint" in an order's detail (the board's and the Orders page's): one more ticket at each of the
 * venue's printers. Shown only where the venue has a printer and the order has a ticket.
 */
export function ReprintButton({
  scheme,
  order,
}: {
  scheme: string;
  order: { id: number; status: string; venue_slug?: string };
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const printers = usePrinters(scheme, order.venue_slug ?? "");
  const reprint = useReprint(scheme);
  if (!PRINTED.has(order.status) || (printers.data?.length ?? 0) === 0) return null;
  return (
    <>
      <button
        type="button"
        className="button button--ghost"
        disabled={reprint.isPending}
        onClick={() => reprint.mutate(order.id)}
        data-testid="reprint"
      >
        {t("printers.reprint")}
      </button>
      {reprint.isSuccess ? (
        <p role="status" className="muted small">
          {reprint.data.jobs > 0
            ? t("printers.reprinted", { count: reprint.data.jobs })
            : t("printers.reprintWaiting")}
        </p>
      ) : null}
      {reprint.error ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(reprint.error)}
        </p>
      ) : null}
    </>
  );
}
