import { call } from "@/lib/api/client";
import type { components } from "@/lib/api/schema";

export type GroupBy = NonNullable<components["schemas"]["ReportFilter"]["group_by"]>;
export const GROUPINGS: readonly GroupBy[] = ["day", "hour", "item", "venue", "order_type"];

/** admin/reports/sales's filter: dates are the venues' own (YYYY-MM-DD, both included). */
export interface ReportFilter {
  venue_slug?: string;
  from: string;
  to: string;
  group_by: GroupBy;
}

export type Figures = components["schemas"]["ReportFigures"];
export interface SalesRow extends Figures {
  key: string;
}
export interface Sales {
  rows: SalesRow[];
  totals: Figures;
  currency: string;
}

function body(scheme: string, f: ReportFilter) {
  return {
    filter: {
      business_slug: scheme,
      from: f.from,
      to: f.to,
      group_by: f.group_by,
      ...(f.venue_slug ? { venue_slug: f.venue_slug } : {}),
    },
  };
}

export async function fetchSales(scheme: string, f: ReportFilter, signal?: AbortSignal): Promise<Sales> {
  return (await call("admin/reports/sales", body(scheme, f), { signal })).payload as Sales;
}

/** A five-minute link to the same report as CSV (the browser downloads it without the token). */
export async function exportSales(scheme: string, f: ReportFilter): Promise<string> {
  return (await call("admin/reports/export", body(scheme, f))).payload.url;
}
