import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { describedBy } from "./field-message";
import "./form.css";
import { useTranslation } from "@/i18n";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  id: string;
  label: ReactNode;
  /** Absent for a read-only display (e.g. a country filled from the place picker). */
  registration?: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  /** Extra content inside the input's box (e.g. a show-password button). */
  adornment?: ReactNode;
}

/** A labelled input whose hint and error are linked with aria-describedby. */
export function TextField({
  id,
  label,
  registration,
  error,
  hint,
  adornment,
  className,
  ...input
}: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div
      className={`form-field${error || input["aria-invalid"] ? " form-field--invalid" : ""}${className ? ` ${className}` : ""}`}
    >
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      <div className="form-field__control">
        <input
          id={id}
          className="form-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hintId, errorId)}
          {...input}
          {...registration}
        />
        {adornment}
      </div>
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrorText id={errorId} message={error} />
    </div>
  );
}

/** The e-mail input of every form (its rule: lib/validation/email). */
export function EmailField({
  id,
  registration,
  error,
  label,
  invalid,
}: Pick<TextFieldProps, "id" | "registration" | "error"> & { label?: ReactNode; invalid?: boolean }) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      label={label ?? t("auth.email")}
      type="email"
      autoComplete="email"
      inputMode="email"
      registration={registration}
      error={error}
      aria-invalid={error || invalid ? true : undefined}
    />
  );
}

/** A form's primary action, saying "Please wait" while the form submits. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="button button--primary button--block" disabled={busy}>
      {busy ? t("auth.pleaseWait") : children}
    </button>
  );
}

export function FieldErrorText({ id, message }: { id: string | undefined; message: string | undefined }) {
  if (!message || !id) return null;
  return (
    <p id={id} className="form-field__error">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z"
        />
      </svg>
      <span>{message}</span>
    </p>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, "type" | "adornment">;

/** A password input with a show/hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      autoCapitalize="off"
      spellCheck={false}
      adornment={
        <button
          type="button"
          className="form-field__toggle"
          aria-controls={props.id}
          aria-pressed={visible}
          aria-label={visible ? t("auth.hidePassword") : t("auth.showPassword")}
          onClick={() => setVisible((v) => !v)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            {visible ? (
              <path
                fill="currentColor"
                d="M2.1 3.5 3.5 2.1l18.4 18.4-1.4 1.4-3.2-3.2A10.9 10.9 0 0 1 12 20C6.5 20 2.7 16.2 1 12a11.8 11.8 0 0 1 4-5.2L2.1 3.5Zm5.4 5.4A4.9 4.9 0 0 0 7 11a5 5 0 0 0 6.9 4.6l-1.6-1.6A3 3 0 0 1 9 10.6L7.5 8.9ZM12 4c5.5 0 9.3 3.8 11 8a11.9 11.9 0 0 1-3.2 4.5l-2.9-2.9A5 5 0 0 0 11 7.1L8.9 5A11 11 0 0 1 12 4Z"
              />
            ) : (
              <path
                fill="currentColor"
                d="M12 4C6.5 4 2.7 7.8 1 12c1.7 4.2 5.5 8 11 8s9.3-3.8 11-8c-1.7-4.2-5.5-8-11-8Zm0 13a5 5 0 1 1 0-10 5 5 0 0 1 0 10Zm0-8a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z"
              />
            )}
          </svg>
        </button>
      }
    />
  );
}
