import { useTranslation } from "@/i18n";
import { MinusIcon, PlusIcon } from "@/components/ui/icons";

interface QuantityStepperProps {
  value: number;
  min?: number;
  max?: number;
  onChange: (value: number) => void;
  decreaseLabel: string;
  increaseLabel: string;
}

export function QuantityStepper({
  value,
  min = 1,
  max = 99,
  onChange,
  decreaseLabel,
  increaseLabel,
}: QuantityStepperProps) {
  const { t } = useTranslation();
  return (
    <div className="stepper" role="group" aria-label={t("basket.quantity")}>
      <button
        type="button"
        className="stepper__button"
        aria-label={decreaseLabel}
        disabled={value <= min}
        onClick={() => onChange(value - 1)}
      >
        <MinusIcon size={18} />
      </button>
      <output className="stepper__value" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="stepper__button"
        aria-label={increaseLabel}
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
      >
        <PlusIcon size={18} />
      </button>
    </div>
  );
}
