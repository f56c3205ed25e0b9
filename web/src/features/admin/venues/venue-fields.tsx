import { useId } from "react";
import { FieldProblem } from "./field-problem";

// The venue form's plain fields: a label, the input and, after a refused save, its problem under it.

/** A text field with its label and, after a refused save, its problem under it. */
export function TextField({
  label,
  value,
  onChange,
  maxLength,
  problem,
  list,
}: {
  label: string;
  value: string;
  onChange: (s: string) => void;
  maxLength?: number;
  problem?: string;
  list?: string;
}) {
  const id = useId();
  return (
    <label className="venues-field">
      <span>{label}</span>
      <input
        type="text"
        value={value}
        maxLength={maxLength}
        list={list}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? id : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldProblem id={id} text={problem} />
    </label>
  );
}

export function NumberField({
  label,
  value,
  onChange,
  min = 0,
  max,
  problem,
}: {
  label: string;
  value: number;
  onChange: (n: number) => void;
  min?: number;
  max?: number;
  problem?: string;
}) {
  const id = useId();
  return (
    <label className="venues-field">
      <span>{label}</span>
      <input
        type="number"
        min={min}
        max={max}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? id : undefined}
        onChange={(e) => onChange(Math.round(Number(e.target.value) || 0))}
      />
      <FieldProblem id={id} text={problem} />
    </label>
  );
}

/** A percentage typed with up to two decimals, kept in basis points. */
export function PercentField({
  label,
  bp,
  onChange,
  problem,
}: {
  label: string;
  bp: number;
  onChange: (bp: number) => void;
  problem?: string;
}) {
  const id = useId();
  return (
    <label className="venues-field">
      <span>{label} (%)</span>
      <input
        type="number"
        min={0}
        max={100}
        step={0.01}
        value={bp / 100}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? id : undefined}
        onChange={(e) => onChange(Math.round((Number(e.target.value) || 0) * 100))}
      />
      <FieldProblem id={id} text={problem} />
    </label>
  );
}
