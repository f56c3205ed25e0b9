import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import type { components } from "@/lib/api/schema";
import { ADMIN_KEY, noRetryOnAccess } from "../api/venues";

export type VenueControlsData = components["schemas"]["VenueControls"];
export type MenuList = components["schemas"]["MenuList"];

export const controlsKey = (scheme: string, venue: string) => [ADMIN_KEY, scheme, "controls", venue] as const;
export const venueMenuKey = (scheme: string, venue: string) => [ADMIN_KEY, scheme, "menu", venue] as const;

/** admin/venues/controls: busy, pause, auto-accept, auto-print, sold out (refreshed every 30 s). */
export function useVenueControls(scheme: string, venue: string) {
  return useQuery({
    queryKey: controlsKey(scheme, venue),
    queryFn: async ({ signal }) =>
      (
        await call(
          "admin/venues/controls",
          { filter: { business_slug: scheme, venue_slug: venue } },
          { signal },
        )
      ).payload as VenueControlsData,
    retry: noRetryOnAccess,
    refetchInterval: 30_000,
  });
}

/** The fields admin/venues/controls/set may change; null paused_until resumes. */
export interface ControlsChange {
  paused_until?: string | null;
  busy_minutes?: number;
  auto_accept?: boolean;
  auto_accept_minutes?: number;
  auto_print?: boolean;
}

/** admin/venues/controls/set: its answer is the venue's controls as they now are. */
export function useSetControls(scheme: string, venue: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: ControlsChange) =>
      (
        await call("admin/venues/controls/set", {
          data: { business_slug: scheme, venue_slug: venue, ...change },
        })
      ).payload as VenueControlsData,
    onSuccess: (controls) => queryClient.setQueryData(controlsKey(scheme, venue), controls),
  });
}

/** admin/venues/sold-out: one item or modifier sold out at this venue only, or back. */
export function useSetSoldOut(scheme: string, venue: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { kind: "item" | "modifier"; id: number; soldOut: boolean; until?: string }) =>
      (
        await call("admin/venues/sold-out", {
          data: {
            business_slug: scheme,
            venue_slug: venue,
            ...(v.kind === "item" ? { item_id: v.id } : { modifier_item_id: v.id }),
            sold_out: v.soldOut,
            // A snooze: an instant or "end_of_day"; the item comes back by itself then.
            until: v.until,
          },
        })
      ).payload as VenueControlsData,
    onSuccess: (controls) => queryClient.setQueryData(controlsKey(scheme, venue), controls),
  });
}

/** The venue's whole menu (menu/list, every order type), for the sold-out list. */
export function useVenueMenu(scheme: string, venue: string, enabled: boolean) {
  return useQuery({
    queryKey: venueMenuKey(scheme, venue),
    queryFn: async ({ signal }) =>
      (await call("menu/list", { filter: { business_slug: scheme, venue_slug: venue } }, { signal }))
        .payload as MenuList,
    enabled,
    staleTime: 60_000,
  });
}

export interface SchemeDriver {
  id: number;
  name: string;
  email: string;
}

export const driversKey = (scheme: string) => [ADMIN_KEY, scheme, "drivers"] as const;

/** admin/drivers/list: the scheme's drivers. */
export function useDrivers(scheme: string) {
  return useQuery({
    queryKey: driversKey(scheme),
    queryFn: async ({ signal }) =>
      (await call("admin/drivers/list", { filter: { business_slug: scheme } }, { signal }))
        .payload as SchemeDriver[],
    retry: noRetryOnAccess,
    staleTime: 60_000,
  });
}

/** What the driver choice needs of an order (an order detail or the board's order). */
export interface AssignableOrder {
  id: number;
  order_type: number;
  status: string;
  driver?: { id?: number } | null;
}

/** Whether the board offers a driver for this order: a delivery waiting or being prepared. */
export function canAssignDriver(order: Pick<AssignableOrder, "order_type" | "status">) {
  return order.order_type === 0 && (order.status === "pending" || order.status === "accepted");
}
