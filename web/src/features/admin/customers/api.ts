import "../i18n";
import "./i18n";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import type { components } from "@/lib/api/schema";
import { ADMIN_KEY, noRetryOnAccess } from "../api/venues";

export type CustomerSummary = components["schemas"]["CustomerSummary"];

const customersKey = (scheme: string) => [ADMIN_KEY, scheme, "customers"] as const;

/** admin/customers/list: a page of the scheme's customers matching query (e-mail, name or phone). */
export function useCustomers(scheme: string, query: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...customersKey(scheme), "list", query, page],
    queryFn: async ({ signal }) =>
      await call("admin/customers/list", { filter: { business_slug: scheme, query, page } }, { signal }),
    enabled,
    retry: noRetryOnAccess,
    placeholderData: keepPreviousData,
  });
}

/** admin/customers/get: one customer and a page of their paid orders. */
export function useCustomer(scheme: string, userId: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...customersKey(scheme), "one", userId, page],
    queryFn: async ({ signal }) =>
      await call(
        "admin/customers/get",
        { filter: { business_slug: scheme, user_id: userId, page } },
        { signal },
      ),
    enabled: enabled && userId > 0,
    retry: noRetryOnAccess,
    placeholderData: keepPreviousData,
  });
}

/** Saves data as a file named name (a JSON download made in the page). */
function download(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** admin/customers/export: the customer's personal data, downloaded as customer-<id>.json. */
export function useExportCustomer(scheme: string) {
  return useMutation({
    mutationFn: async (userId: number) => {
      const res = await call("admin/customers/export", { data: { business_slug: scheme, user_id: userId } });
      download(`${scheme}-customer-${userId}.json`, res.payload);
      return res.payload;
    },
  });
}

/** admin/customers/erase: the customer's personal data removed; the lists reload. */
export function useEraseCustomer(scheme: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: number) =>
      (await call("admin/customers/erase", { data: { business_slug: scheme, user_id: userId } })).payload,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKey(scheme) }),
  });
}
