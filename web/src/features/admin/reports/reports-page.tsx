import "../i18n";
import "./reports.css";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import i18n, { useTranslation } from "@/i18n";
import { formatCurrency } from "@/lib/currency";
import { ADMIN_KEY, noRetryOnAccess } from "../api/venues";
import { useAdmin } from "../shell/admin-context";
import { exportSales, fetchSales, GROUPINGS, type GroupBy, type ReportFilter } from "./api";
import { presetOf, presetRange, PRESETS, type Preset } from "./range";
import { SalesTable } from "./sales-table";
import { ManagersOnly } from "../shell/managers-only";
import { managersOnly } from "../shell/office-lists";

// uPlot and its CSS load only when a report is drawn (a chunk of its own).
const SalesChart = lazy(() => import("./sales-chart"));

/**
 * Managers' sales report (admin/reports/sales): a date range (today, the
 * last 7 days, this month, or any dates), a venue or all, a grouping; a
 * chart of net per row and a table with the totals; Export CSV downloads
 * the same report through a five-minute link.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const { scheme, brand, isManager, venues } = useAdmin();
  const errorMessage = useErrorMessage();
  useDocumentTitle(`${t("office.reports")} — ${brand}`);
  const [venue, setVenue] = useState("");
  const zone =
    venues.find((v) => v.venue_slug === venue)?.time_zone ?? venues[0]?.time_zone ?? "Europe/London";
  const [range, setRange] = useState(() => presetRange("today", zone, new Date()));
  const [groupBy, setGroupBy] = useState<GroupBy>("day");
  const filter: ReportFilter = { ...range, group_by: groupBy, ...(venue ? { venue_slug: venue } : {}) };
  const sales = useQuery({
    queryKey: [ADMIN_KEY, scheme, "reports", filter],
    queryFn: async ({ signal }) => await fetchSales(scheme, filter, signal),
    enabled: isManager && range.from !== "" && range.to !== "",
    retry: noRetryOnAccess,
    placeholderData: keepPreviousData,
    // Money moves while the manager is on other screens (orders paid, refunds made): the report is
    // read again each time the screen opens, not kept for the app's usual minute.
    staleTime: 0,
  });
  const download = useMutation({
    mutationFn: async () => await exportSales(scheme, filter),
    onSuccess: (url) => window.location.assign(url),
  });
  const currency = sales.data?.currency ?? "GBP";
  const money = useCallback((minor: number) => formatCurrency(minor, currency), [currency]);
  const venueName = useMemo(() => new Map(venues.map((v) => [v.venue_slug, v.name])), [venues]);
  const label = useCallback(
    (key: string) => {
      switch (groupBy) {
        case "day":
          return new Intl.DateTimeFormat(i18n.language, {
            weekday: "short",
            day: "numeric",
            month: "short",
          }).format(new Date(`${key}T12:00:00Z`));
        case "venue":
          return venueName.get(key) ?? key;
        case "order_type":
          return t(`reports.orderTypes.${key}`, { defaultValue: key });
        default:
          return key;
      }
    },
    [groupBy, venueName, t],
  );
  const rows = sales.data?.rows;
  const chart = useMemo(
    () => ({ labels: (rows ?? []).map((r) => label(r.key)), values: (rows ?? []).map((r) => r.net) }),
    [rows, label],
  );

  if (managersOnly(isManager, sales.error)) return <ManagersOnly title={t("office.reports")} />;
  const preset = presetOf(range, zone, new Date());
  const pick = (p: Preset) => setRange(presetRange(p, zone, new Date()));

  return (
    <section className="office-page reports">
      <h1 className="office-page__title">{t("office.reports")}</h1>
      <form
        className="reports__filters"
        onSubmit={(e) => e.preventDefault()}
        aria-label={t("reports.filters")}
      >
        <div className="reports__presets" role="group" aria-label={t("reports.range")}>
          {PRESETS.map((p) => (
            <button
              key={p}
              type="button"
              className="button button--ghost reports__preset"
              aria-pressed={preset === p}
              onClick={() => pick(p)}
            >
              {t(`reports.presets.${p}`)}
            </button>
          ))}
        </div>
        <label className="reports__field">
          <span>{t("reports.from")}</span>
          <input
            type="date"
            value={range.from}
            max={range.to}
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
          />
        </label>
        <label className="reports__field">
          <span>{t("reports.to")}</span>
          <input
            type="date"
            value={range.to}
            min={range.from}
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
          />
        </label>
        <label className="reports__field">
          <span>{t("office.venue")}</span>
          <select value={venue} onChange={(e) => setVenue(e.target.value)}>
            <option value="">{t("reports.allVenues")}</option>
            {venues.map((v) => (
              <option key={v.venue_slug} value={v.venue_slug}>
                {v.name}
              </option>
            ))}
          </select>
        </label>
        <label className="reports__field">
          <span>{t("reports.groupBy")}</span>
          <select value={groupBy} onChange={(e) => setGroupBy(e.target.value as GroupBy)}>
            {GROUPINGS.map((g) => (
              <option key={g} value={g}>
                {t(`reports.groupings.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button reports__export"
          disabled={!sales.data || download.isPending}
          onClick={() => download.mutate()}
        >
          {t("reports.export")}
        </button>
      </form>
      {download.error ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(download.error)}
        </p>
      ) : null}
      {sales.error ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(sales.error)}
        </p>
      ) : null}
      {sales.isPending && !sales.error ? <p className="muted">{t("reports.loading")}</p> : null}
      {sales.data ? (
        <>
          <p className="reports__summary" aria-live="polite">
            {t("reports.summary", { count: sales.data.totals.orders, net: money(sales.data.totals.net) })}
          </p>
          <Suspense fallback={<div className="reports__chart" />}>
            <SalesChart
              labels={chart.labels}
              values={chart.values}
              money={money}
              label={t("reports.chartLabel")}
            />
          </Suspense>
          <SalesTable
            sales={sales.data}
            keyTitle={t(`reports.groupings.${groupBy}`)}
            label={label}
            money={money}
          />
          <p className="muted reports__note">{t("reports.note")}</p>
        </>
      ) : null}
    </section>
  );
}
