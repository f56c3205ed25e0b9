import "../i18n";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import type { components } from "@/lib/api/schema";
import { ADMIN_KEY, noRetryOnAccess } from "../api/venues";

export type Printer = components["schemas"]["Printer"];
export type PrinterKind = Printer["kind"];

export const PRINTER_KINDS: readonly PrinterKind[] = ["star_cloudprnt", "epson_sdp"];

export const printersKey = (scheme: string, venue: string) => [ADMIN_KEY, scheme, "printers", venue] as const;

/** How often a printer's status is asked for again (printers poll every few seconds). */
const STATUS_EVERY_MS = 15_000;

/** admin/printers/list: the venue's printers with what each last reported (URLs: managers only). */
export function usePrinters(scheme: string, venue: string, enabled = true) {
  return useQuery({
    queryKey: printersKey(scheme, venue),
    queryFn: async ({ signal }) =>
      (
        await call(
          "admin/printers/list",
          { filter: { business_slug: scheme, venue_slug: venue } },
          { signal },
        )
      ).payload,
    enabled: enabled && venue !== "",
    retry: noRetryOnAccess,
    refetchInterval: STATUS_EVERY_MS,
  });
}

/** admin/printers/upsert: a new printer (or the venue's printer of that name); the list reloads. */
export function useAddPrinter(scheme: string, venue: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; kind: PrinterKind }) =>
      (await call("admin/printers/upsert", { data: { business_slug: scheme, venue_slug: venue, ...input } }))
        .payload,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: printersKey(scheme, venue) }),
  });
}

/** admin/printers/delete: the printer and its URL go. */
export function useDeletePrinter(scheme: string, venue: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await call("admin/printers/delete", { data: { business_slug: scheme, id } })).payload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: printersKey(scheme, venue) }),
  });
}

/** admin/orders/reprint: one more ticket of an accepted order at each printer of its venue. */
export function useReprint(scheme: string) {
  return useMutation({
    mutationFn: async (orderId: number) =>
      (await call("admin/orders/reprint", { data: { business_slug: scheme, order_id: orderId } })).payload,
  });
}

/** What a printer's status comes to, most urgent first. */
export type PrinterHealth = "offline" | "paperOut" | "coverOpen" | "paperLow" | "online" | "waiting";

export function healthOf(p: Printer): PrinterHealth {
  if (p.last_poll_at == null) return "waiting";
  if (!p.online) return "offline";
  if (p.paper_out) return "paperOut";
  if (p.cover_open) return "coverOpen";
  if (p.paper_low) return "paperLow";
  return "online";
}
