import { useEffect, useRef, useState } from "react";
import { useTranslation } from "@/i18n";
import type { SupportKind } from "../api/support";
import { ChooseIssue } from "./support-choose-issue";
import { DescribeIssue } from "./support-describe";
import "@/components/ui/form/form.css";

/**
 * The three steps of docs/product.md §2: choose the issue → describe it and add photos
 * → confirmation. Photos are uploaded as they are chosen (the server checks
 * them by content) and sent by id with the request.
 */
export default function SupportFlow({
  orderId,
  scheme,
  onClose,
}: {
  orderId: number;
  scheme: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [kind, setKind] = useState<SupportKind | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Each step moves focus to its heading so keyboard and screen reader users follow.
  useEffect(() => heading.current?.focus(), [step]);

  return (
    <div className="support-flow" data-testid="support-flow">
      <p className="muted small">{t("support.step", { step, total: 3 })}</p>
      {step === 1 ? (
        <ChooseIssue
          heading={heading}
          kind={kind}
          onCancel={onClose}
          onNext={(chosen) => {
            setKind(chosen);
            setStep(2);
          }}
        />
      ) : step === 2 && kind ? (
        <DescribeIssue
          heading={heading}
          kind={kind}
          orderId={orderId}
          scheme={scheme}
          onBack={() => setStep(1)}
          onSent={() => setStep(3)}
        />
      ) : (
        <div>
          <h3 className="support-flow__title" tabIndex={-1} ref={heading}>
            {t("support.sentTitle")}
          </h3>
          <p role="status">{t("support.sentMessage")}</p>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t("support.done")}
          </button>
        </div>
      )}
    </div>
  );
}
