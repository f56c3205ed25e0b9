import "./printers.css";
import { useTranslation } from "@/i18n";
import { usePrinters } from "./api";
import { PrinterStatus } from "./printers-section";

/** The board's small indicator of the venue's printers: each one's name and state (nothing without printers). */
export function BoardPrinters({
  scheme,
  venue,
  timeZone,
}: {
  scheme: string;
  venue: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const printers = usePrinters(scheme, venue).data ?? [];
  if (printers.length === 0) return null;
  return (
    <ul className="board-printers" aria-label={t("printers.title")} data-testid="board-printers">
      {printers.map((p) => (
        <li key={p.id} className="board-printers__one">
          <span className="small">{p.name}:</span> <PrinterStatus printer={p} timeZone={timeZone} />
        </li>
      ))}
    </ul>
  );
}
