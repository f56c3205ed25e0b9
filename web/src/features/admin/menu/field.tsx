import type { ReactNode } from "react";

/** A menu editor field: its label, the control and, when refused, the problem under it. */
export function Field(props: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={`field${props.error ? " field--invalid" : ""}`}>
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children}
      {props.error ? (
        <p className="field__error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
