import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "@/i18n";
import { CloseIcon } from "./icons";
import "./dialog.css";

export type DialogPosition = "center" | "left" | "right" | "bottom";

export interface DialogProps {
  /** Controlled from outside (docs/product.md §4): the dialog never closes itself. */
  open: boolean;
  /** The close icon, Escape or a click on the backdrop asks to hide. */
  onHide: () => void;
  /** Emitted just before onHide. */
  onBeforeHide?: () => void;
  /** Shown only when given (docs/product.md §9); without it, give ariaLabel. */
  title?: ReactNode;
  ariaLabel?: string;
  /** left/right are full height (docs/product.md §9); bottom is a sheet. "center" becomes a sheet on phones. */
  position?: DialogPosition;
  /** Cannot be dismissed: no close icon, Escape and the backdrop do nothing. */
  persistent?: boolean;
  role?: "dialog" | "alertdialog";
  footer?: ReactNode;
  className?: string;
  children?: ReactNode;
}

const FIELDS = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * Where focus goes when a dialog opens (never the close icon, which the
 * browser's own showModal picks as the first focusable): an element marked
 * data-autofocus; else a form's first field; else, in a confirmation
 * (alertdialog), the first footer action, which is the least destructive one
 * by the app's convention (Cancel before the confirming button); else the
 * title, so a screen reader starts reading at the top.
 */
function focusInitial(dialog: HTMLElement) {
  const target =
    dialog.querySelector<HTMLElement>("[data-autofocus]") ??
    dialog.querySelector<HTMLElement>(`.dialog__body :is(${FIELDS})`) ??
    (dialog.getAttribute("role") === "alertdialog"
      ? dialog.querySelector<HTMLElement>(".dialog__footer button:not([disabled])")
      : null) ??
    dialog.querySelector<HTMLElement>(".dialog__title") ??
    dialog.querySelector<HTMLElement>(".dialog__body button, .dialog__footer button");
  target?.focus();
}

/**
 * The one modal of the app, on the native <dialog> (focus trap, Escape, inert
 * page behind it, top layer) so it costs almost no JavaScript.
 */
export function Dialog({
  open,
  onHide,
  onBeforeHide,
  title,
  ariaLabel,
  position = "center",
  persistent = false,
  role = "dialog",
  footer,
  className,
  children,
}: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Where the pointer went down: a click counts as "on the backdrop" only when it
  // both started and ended there. Selecting text in an input and letting go over
  // the backdrop fires a click on the <dialog> too, and must not throw away a form.
  const downOnBackdrop = useRef(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!el.open) {
      if (typeof el.showModal === "function") el.showModal();
      else el.setAttribute("open", "");
    }
    focusInitial(el);
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
      if (typeof el.close === "function") el.close();
      else el.removeAttribute("open");
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  function requestHide() {
    if (persistent) return;
    onBeforeHide?.();
    onHide();
  }

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${position}${className ? ` ${className}` : ""}`}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-modal="true"
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : ariaLabel}
      onCancel={(event) => {
        event.preventDefault();
        requestHide();
      }}
      onPointerDown={(event) => {
        downOnBackdrop.current = event.target === ref.current;
      }}
      onClick={(event) => {
        const fromBackdrop = downOnBackdrop.current;
        downOnBackdrop.current = false;
        if (event.target === ref.current && fromBackdrop) requestHide();
      }}
      onClose={() => {
        // Browsers may close a modal on a repeated Escape despite preventDefault;
        // the parent still decides: a dialog it keeps open comes back.
        const el = ref.current;
        if (open && el?.isConnected && !el.open && typeof el.showModal === "function") el.showModal();
      }}
    >
      {open && (
        <div className="dialog__panel">
          {(title || !persistent) && (
            <div className={`dialog__header${title ? "" : " dialog__header--bare"}`}>
              {title && (
                <h2 id={titleId} className="dialog__title" tabIndex={-1}>
                  {title}
                </h2>
              )}
              {!persistent && (
                <button
                  type="button"
                  className="dialog__close"
                  aria-label={t("common.close")}
                  onClick={requestHide}
                >
                  <CloseIcon />
                </button>
              )}
            </div>
          )}
          <div className="dialog__body">{children}</div>
          {footer && <div className="dialog__footer">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
