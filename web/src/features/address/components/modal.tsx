import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface ModalProps {
  open: boolean;
  /** Hide: the close icon, Escape or a click on the backdrop (never when persistent). */
  onHide: () => void;
  /** Emitted just before hiding (SPEC.md §4: before-hide, then hide). */
  onBeforeHide?: () => void;
  title?: string;
  persistent?: boolean;
  className?: string;
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A modal on the native <dialog> (top layer, focus kept inside, Escape).
 * Open/closed is controlled from outside (SPEC.md §4). The address feature's
 * own until the shared Dialog (same props) is committed in components/ui.
 */
export function Modal({
  open,
  onHide,
  onBeforeHide,
  title,
  persistent,
  className,
  footer,
  children,
}: ModalProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, [open]);

  function hide() {
    if (persistent) return;
    onBeforeHide?.();
    onHide();
  }

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={["modal", className].filter(Boolean).join(" ")}
      aria-labelledby={title ? titleId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        hide();
      }}
      onClick={(event) => {
        if (event.target === ref.current) hide();
      }}
    >
      <div className="modal__panel">
        {(title || !persistent) && (
          <header className="modal__header">
            {title && (
              <h2 id={titleId} className="modal__title">
                {title}
              </h2>
            )}
            {!persistent && (
              <button
                type="button"
                className="icon-button modal__close"
                aria-label={t("common.close")}
                onClick={hide}
              >
                <CloseIcon />
              </button>
            )}
          </header>
        )}
        <div className="modal__body">{children}</div>
        {footer && <div className="modal__footer">{footer}</div>}
      </div>
    </dialog>
  );
}

export function CloseIcon({ size = 20 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}
