import "uplot/dist/uPlot.min.css";
import uPlot from "uplot";
import { useEffect, useRef } from "react";

export interface ChartProps {
  /** The x labels (a row's key, as shown). */
  labels: string[];
  /** Net per row, in minor units. */
  values: number[];
  /** How an axis tick or a value is written (money in the report's currency). */
  money: (minor: number) => string;
  label: string;
}

/** A colour of the page's theme (its CSS custom property), so the chart follows light and dark. */
function themed(el: HTMLElement, name: string, fallback: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback;
}

/**
 * The report's chart: net per row as bars (uPlot, ~20 KB gzip: this module
 * is imported lazily by the Reports page, so it sits in a chunk of its own
 * that only managers opening Reports download). It fills its container's
 * width and redraws when that changes.
 */
export default function SalesChart({ labels, values, money, label }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const text = themed(el, "--text", "#222");
    const accent = themed(el, "--colour", "#2f6f4f");
    const grid = themed(el, "--border", "rgba(127,127,127,0.3)");
    const xs = labels.map((_, i) => i);
    /** The width of a text in an axis's font, in CSS pixels (uPlot draws on a canvas). */
    const measure = (u: uPlot, axis: number, text: string) => {
      u.ctx.font = (u.axes[axis]?.font as unknown as string[] | undefined)?.[0] ?? u.ctx.font;
      return u.ctx.measureText(text).width / devicePixelRatio;
    };
    /** A label cut with "…" to the width a bar has, so neighbours never overlap (items on a phone). */
    const fit = (u: uPlot, text: string) => {
      const room = u.bbox.width / devicePixelRatio / Math.max(labels.length, 1) - 8;
      if (measure(u, 0, text) <= room) return text;
      let cut = text;
      while (cut.length > 1 && measure(u, 0, `${cut}…`) > room) cut = cut.slice(0, -1);
      return `${cut.trimEnd()}…`;
    };
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const bars = uPlot.paths.bars?.({ size: [0.7, 48] });
    const opts: uPlot.Options = {
      width: Math.max(el.clientWidth, 200),
      height: 240,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: false, range: [-0.5, Math.max(labels.length - 0.5, 0.5)] },
        // Bars stand on zero: a scale starting at the smallest value makes £250 look 10× £115.
        y: { range: (_u, min, max) => [Math.min(0, min), Math.max(max, 0) * 1.1 || 1] },
      },
      axes: [
        {
          ...axis,
          values: (u, splits) => splits.map((v) => (Number.isInteger(v) ? fit(u, labels[v] ?? "") : "")),
        },
        {
          ...axis,
          // As wide as its longest figure ("1 000,00 zł" is wider than "£100.00"), never cut.
          size: (u, values, axisIdx, cycle) => {
            if (cycle > 1) return (u.axes[axisIdx] as unknown as { _size: number })._size;
            const longest = (values ?? []).reduce((a, b) => (b.length > a.length ? b : a), "");
            return Math.ceil(measure(u, axisIdx, longest) + 18);
          },
          values: (_u, splits) => splits.map((v) => money(Math.round(v))),
        },
      ],
      series: [{}, { label, stroke: accent, fill: accent, width: 0, paths: bars, points: { show: false } }],
    };
    const plot = new uPlot(opts, [xs, values], el);
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(el.clientWidth, 200), height: 240 }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [labels, values, money, label]);
  return <div ref={box} className="reports__chart" role="img" aria-label={label} />;
}
