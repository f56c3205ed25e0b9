import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { describedBy } from "../lib/aria";

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** Label, control, hint and error of one checkout field; the error is linked to the control. */
export function FieldShell({ id, label, error, hint, className, children }: FieldShellProps) {
  return (
    <div className={`co-field${error ? " co-field--invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={id} className="co-field__label">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="co-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="co-field__error">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
            <path
              fill="currentColor"
              d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z"
            />
          </svg>
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

type InputFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
};

export function InputField({ id, label, error, hint, className, ...input }: InputFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      {/* required: announced as such; nothing is checked while typing (no <form> submits). */}
      <input
        id={id}
        className="co-input"
        aria-invalid={error ? true : undefined}
        aria-required={input.required ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </FieldShell>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
};

export function TextAreaField({ id, label, error, hint, className, ...input }: TextAreaFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <textarea
        id={id}
        className="co-input co-input--area"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </FieldShell>
  );
}

/** A titled block of the checkout page. */
export function Section({
  id,
  title,
  children,
  aside,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section className="co-section" aria-labelledby={`${id}-title`}>
      <div className="co-section__head">
        <h2 id={`${id}-title`} className="co-section__title">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
