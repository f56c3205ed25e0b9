import { useId, useState } from "react";
import { FieldProblem } from "./field-problem";
import { formatMoneyInput, parseMoney } from "./venue-model";

interface MoneyInputProps {
  label: string;
  currency: string;
  value: number;
  onChange: (minor: number) => void;
  /** The last save's problem with this field, in the manager's language. */
  problem?: string;
}

/** An amount typed in units ("12.50"), kept in minor units; a wrong entry stays as typed and is not applied. */
export function MoneyInput({ label, currency, value, onChange, problem }: MoneyInputProps) {
  const problemId = useId();
  const [text, setText] = useState(formatMoneyInput(value));
  // A value changed from outside (an import, a reset) replaces what is typed.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (parseMoney(text) !== value) setText(formatMoneyInput(value));
  }
  const bad = parseMoney(text) === null;
  return (
    <label className="venues-field venues-field--money">
      <span>
        {label} ({currency})
      </span>
      <input
        type="text"
        inputMode="decimal"
        value={text}
        aria-invalid={bad || !!problem || undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(e) => {
          setText(e.target.value);
          const minor = parseMoney(e.target.value);
          if (minor !== null) onChange(minor);
        }}
      />
      <FieldProblem id={problemId} text={problem} />
    </label>
  );
}
