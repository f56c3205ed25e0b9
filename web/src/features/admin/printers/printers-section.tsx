import "./printers.css";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api/api-error";
import { clockAt } from "../board/format";
import {
  healthOf,
  PRINTER_KINDS,
  useAddPrinter,
  useDeletePrinter,
  usePrinters,
  type Printer,
  type PrinterKind,
} from "./api";

interface Props {
  scheme: string;
  venue: string;
  timeZone: string;
}

/**
 * A venue's kitchen printers on its page under Venues (docs/printers.md): each printer's status as
 * it last reported it, the URL to paste into the printer (it holds the printer's key), and a form to
 * add one.
 */
export function PrintersSection({ scheme, venue, timeZone }: Props) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const list = usePrinters(scheme, venue);
  const remove = useDeletePrinter(scheme, venue);
  const [removing, setRemoving] = useState<Printer | null>(null);
  const printers = list.data ?? [];
  return (
    <section className="venues-section printers" aria-labelledby="venue-printers" data-testid="printers">
      <h2 id="venue-printers">{t("printers.title")}</h2>
      <p className="muted small">{t("printers.hint")}</p>
      {list.error ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(list.error)}
        </p>
      ) : null}
      {list.isSuccess && printers.length === 0 ? <p className="muted">{t("printers.none")}</p> : null}
      <ul className="printers-list">
        {printers.map((p) => (
          <PrinterRow key={p.id} printer={p} timeZone={timeZone} onRemove={() => setRemoving(p)} />
        ))}
      </ul>
      {remove.error ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(remove.error)}
        </p>
      ) : null}
      <AddPrinter scheme={scheme} venue={venue} />
      <ConfirmDialog
        open={removing !== null}
        title={t("printers.removeTitle", { name: removing?.name ?? "" })}
        message={t("printers.removeMessage")}
        confirmLabel={t("printers.remove")}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id);
          setRemoving(null);
        }}
      />
    </section>
  );
}

function PrinterRow({
  printer,
  timeZone,
  onRemove,
}: {
  printer: Printer;
  timeZone: string;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <li className="printers-row" data-testid="printer">
      <div className="printers-row__head">
        <strong>{printer.name}</strong>
        <span className="muted small">{t(`printers.kind.${printer.kind}`)}</span>
        <PrinterStatus printer={printer} timeZone={timeZone} />
      </div>
      {printer.url ? (
        <div className="printers-row__url">
          <label className="venues-field">
            <span>{t("printers.url")}</span>
            <input
              readOnly
              value={printer.url}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="printer-url"
            />
          </label>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              void navigator.clipboard?.writeText(printer.url ?? "").then(() => setCopied(true));
            }}
          >
            {copied ? t("printers.copied") : t("printers.copy")}
          </button>
        </div>
      ) : null}
      <div className="printers-row__foot">
        <span className="muted small">{t("printers.pending", { count: printer.pending_jobs })}</span>
        <button type="button" className="button button--ghost" onClick={onRemove}>
          {t("printers.remove")}
        </button>
      </div>
    </li>
  );
}

/** A dot and a word for the printer's state, with when it last polled. */
export function PrinterStatus({ printer, timeZone }: { printer: Printer; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const health = healthOf(printer);
  const at = clockAt(printer.last_poll_at, i18n.language, timeZone);
  return (
    <span
      className={`printer-status printer-status--${health}`}
      data-testid="printer-status"
      data-health={health}
    >
      <span className="printer-status__dot" aria-hidden="true" />
      {t(`printers.health.${health}`)}
      {at ? <span className="muted small"> · {t("printers.lastPoll", { time: at })}</span> : null}
    </span>
  );
}

function AddPrinter({ scheme, venue }: { scheme: string; venue: string }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const add = useAddPrinter(scheme, venue);
  const [name, setName] = useState("");
  const [kind, setKind] = useState<PrinterKind>("star_cloudprnt");
  const fields = isApiError(add.error) ? add.error.fields : {};
  return (
    <form
      className="printers-add"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate({ name: name.trim(), kind }, { onSuccess: () => setName("") });
      }}
    >
      <label className="venues-field">
        <span>{t("printers.name")}</span>
        <input
          value={name}
          required
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={fields.name ? true : undefined}
        />
      </label>
      <label className="venues-field">
        <span>{t("printers.kindLabel")}</span>
        <select value={kind} onChange={(e) => setKind(e.target.value as PrinterKind)}>
          {PRINTER_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`printers.kind.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--primary" disabled={add.isPending}>
        {t("printers.add")}
      </button>
      {add.error ? (
        <p role="alert" className="alert alert--error printers-add__error">
          {Object.values(fields).join(" ") || errorMessage(add.error)}
        </p>
      ) : null}
    </form>
  );
}
