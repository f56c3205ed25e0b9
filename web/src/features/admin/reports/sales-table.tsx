import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useTranslation } from "@/i18n";
import type { Figures, Sales, SalesRow } from "./api";

const MONEY = ["gross", "discounts", "tips", "delivery_fees", "refunds", "net"] as const;

/**
 * The report's table (@tanstack/react-table): a row per group with its
 * orders and money, sortable by any column, and the range's totals in the
 * footer. On a phone it scrolls sideways inside its own box.
 */
export function SalesTable({
  sales,
  keyTitle,
  label,
  money,
}: {
  sales: Sales;
  keyTitle: string;
  /** How a row's key is shown (a date, a venue's name, "Delivery"). */
  label: (key: string) => string;
  money: (minor: number) => string;
}) {
  const { t } = useTranslation();
  const [sorting, setSorting] = useState<SortingState>([]);
  const columns = useMemo(() => {
    const col = createColumnHelper<SalesRow>();
    const total = (f: Figures, k: keyof Figures) => (k === "orders" ? String(f.orders) : money(f[k]));
    return [
      col.accessor("key", {
        header: keyTitle,
        cell: (c) => label(c.getValue()),
        footer: () => t("reports.total"),
      }),
      col.accessor("orders", {
        header: t("reports.columns.orders"),
        footer: () => total(sales.totals, "orders"),
      }),
      ...MONEY.map((k) =>
        col.accessor(k, {
          header: t(`reports.columns.${k}`),
          cell: (c) => money(c.getValue()),
          footer: () => total(sales.totals, k),
        }),
      ),
    ];
  }, [keyTitle, label, money, sales.totals, t]);
  // The table object is rebuilt on each render by design; the compiler leaves this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: sales.rows,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const sortLabel = { asc: "ascending", desc: "descending" } as const;
  return (
    <div className="reports__table-box">
      <table className="office-table reports__table" aria-label={t("reports.tableLabel")}>
        <thead>
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id}>
              {g.headers.map((h) => {
                const dir = h.column.getIsSorted();
                return (
                  <th key={h.id} scope="col" aria-sort={dir ? sortLabel[dir] : "none"}>
                    <button
                      type="button"
                      className="reports__sort"
                      onClick={h.column.getToggleSortingHandler()}
                    >
                      {flexRender(h.column.columnDef.header, h.getContext())}
                      <span aria-hidden="true">{dir === "asc" ? " ▲" : dir === "desc" ? " ▼" : ""}</span>
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((r) => (
            <tr key={r.id}>
              {r.getVisibleCells().map((c) => (
                <td key={c.id}>{flexRender(c.column.columnDef.cell, c.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          {table.getFooterGroups().map((g) => (
            <tr key={g.id}>
              {g.headers.map((h, i) =>
                i === 0 ? (
                  <th key={h.id} scope="row">
                    {flexRender(h.column.columnDef.footer, h.getContext())}
                  </th>
                ) : (
                  <td key={h.id}>{flexRender(h.column.columnDef.footer, h.getContext())}</td>
                ),
              )}
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}
