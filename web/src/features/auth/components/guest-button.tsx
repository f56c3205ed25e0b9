import { useTranslation } from "@/i18n";
import { useContinueAsGuest } from "../api/guest";
import { useAuthTarget } from "../hooks/use-auth-target";
import { useCompleteSignIn } from "../hooks/use-complete-sign-in";
import { FormAlert } from "@/components/ui/form/form-alert";

/** "Continue as guest": a guest session of this scheme (auth/guest), then back where we came from. */
export function GuestButton() {
  const { t } = useTranslation();
  const { scheme } = useAuthTarget();
  const complete = useCompleteSignIn();
  const guest = useContinueAsGuest();
  return (
    <div className="auth-guest">
      <FormAlert error={guest.error} />
      <button
        type="button"
        className="button button--ghost button--block"
        disabled={guest.isPending}
        onClick={() => guest.mutate({ business_slug: scheme }, { onSuccess: complete })}
      >
        {guest.isPending ? t("auth.pleaseWait") : t("auth.continueAsGuest")}
      </button>
    </div>
  );
}
