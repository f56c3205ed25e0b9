import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useTranslation } from "@/i18n";

/**
 * No lost unsaved work (issue 20): while `unsaved` names something, leaving the page — another
 * venue, another screen, a link, closing or reloading the tab — asks first. In-app navigation
 * shows the app's dialog; the browser's own question covers closing and reloading.
 */
export function LeaveGuard({ venue, unsaved }: { venue: string; unsaved: string[] }) {
  const { t } = useTranslation();
  const dirty = unsaved.length > 0;
  const blocker = useBlocker(
    ({ currentLocation: from, nextLocation: to }) =>
      dirty && (from.pathname !== to.pathname || from.search !== to.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);
  // Saved while the question was open (or the edit undone): nothing to lose any more.
  useEffect(() => {
    if (blocker.state === "blocked" && !dirty) blocker.proceed();
  }, [blocker, dirty]);
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title={t("venues.leaveTitle")}
      message={t("venues.leaveMessage", {
        venue,
        sections: unsaved.map((s) => t(`venues.${s}`)).join(", "),
      })}
      confirmLabel={t("venues.leaveConfirm")}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
