import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { call } from "@/lib/api/client";
import type { OrderDetail } from "@/lib/order-events";
import { ADMIN_KEY } from "../api/venues";
import { canAssignDriver, useDrivers, type AssignableOrder } from "./api";
import "./venue-ops.css";

/**
 * The order detail's driver choice (admin/orders/assign-driver): one of the
 * scheme's drivers, who then starts the delivery from the driver view.
 * `onAssigned` gets the order as the server answers it (the board refreshes
 * its own list with it).
 */
export function AssignDriver({
  scheme,
  order,
  onAssigned,
}: {
  scheme: string;
  order: AssignableOrder;
  onAssigned?: (order: OrderDetail) => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const id = useId();
  const queryClient = useQueryClient();
  const drivers = useDrivers(scheme);
  const current = order.driver?.id;
  const [picked, setPicked] = useState<number | "">(current ?? "");
  const assign = useMutation({
    mutationFn: async (driverId: number) =>
      (
        await call("admin/orders/assign-driver", {
          data: { business_slug: scheme, order_id: order.id, driver_id: driverId },
        })
      ).payload as OrderDetail,
    onSuccess: (updated) => {
      void queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, scheme] });
      onAssigned?.(updated);
    },
  });
  if (!canAssignDriver(order)) return null;
  const list = drivers.data ?? [];
  return (
    <div className="assign-driver">
      <label htmlFor={`${id}-driver`}>{t("venueControls.driver")}</label>
      <select
        id={`${id}-driver`}
        value={picked}
        onChange={(e) => setPicked(e.target.value === "" ? "" : Number(e.target.value))}
        disabled={assign.isPending || list.length === 0}
      >
        <option value="">
          {list.length === 0 ? t("venueControls.noDrivers") : t("venueControls.chooseDriver")}
        </option>
        {list.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button--secondary venue-ops__button"
        disabled={picked === "" || picked === current || assign.isPending}
        onClick={() => picked !== "" && assign.mutate(picked)}
      >
        {t("venueControls.assignDriver")}
      </button>
      {assign.isSuccess ? <span role="status">{t("venueControls.driverAssigned")}</span> : null}
      {assign.isError || drivers.isError ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(assign.error ?? drivers.error)}
        </p>
      ) : null}
    </div>
  );
}
