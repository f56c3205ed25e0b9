import { useTranslation } from "@/i18n";
import { Dialog } from "@/components/ui/dialog";

interface ChallengeDialogProps {
  open: boolean;
  amount: string;
  onAnswer: (answer: "completed" | "failed") => void;
}

/**
 * The sandbox's stand-in for a bank's 3-D Secure page, like Stripe's test flow
 * for 4000 0025 0000 3155: the customer completes or fails the authentication.
 */
export function ChallengeDialog({ open, amount, onAnswer }: ChallengeDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onHide={() => onAnswer("failed")}
      title={t("checkout.challenge.title")}
      className="co-challenge"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={() => onAnswer("failed")}>
            {t("checkout.challenge.fail")}
          </button>
          <button type="button" className="button button--primary" onClick={() => onAnswer("completed")}>
            {t("checkout.challenge.complete")}
          </button>
        </>
      }
    >
      <p className="co-challenge__badge">{t("checkout.challenge.badge")}</p>
      <p>{t("checkout.challenge.body", { amount })}</p>
    </Dialog>
  );
}
