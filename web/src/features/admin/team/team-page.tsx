import "../i18n";
import "./team.css";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormAlert } from "@/components/ui/form/form-alert";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { useAdmin } from "../shell/admin-context";
import { useRevoke, useTeam, type TeamMember } from "./api";
import { useDateTime } from "./date-time";
import { InviteForm } from "./invite-form";
import { ManagersOnly } from "../shell/managers-only";
import { managersOnly } from "../shell/office-lists";

/**
 * Managers' team page: invite staff, drivers and managers by e-mail (a
 * single-use link that sets a password), see the members and pending
 * invitations, revoke either — a removed member's sessions end at once.
 */
export function TeamPage() {
  const { t } = useTranslation();
  const { scheme, brand, venues, isManager } = useAdmin();
  const team = useTeam(scheme);
  const revoke = useRevoke(scheme);
  const errorMessage = useErrorMessage();
  const when = useDateTime();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  useDocumentTitle(`${t("office.team")} — ${brand}`);

  if (managersOnly(isManager, team.error)) return <ManagersOnly title={t("office.team")} />;
  const venueName = (slug: string | null | undefined) =>
    slug ? (venues.find((v) => v.venue_slug === slug)?.name ?? slug) : t("team.wholeScheme");
  const members = team.data?.members ?? [];
  const invitations = team.data?.invitations ?? [];
  const people = new Set(members.map((m) => m.user_id)).size;

  return (
    <section className="office-page team">
      <h1 className="office-page__title">{t("office.team")}</h1>
      <InviteForm />
      {team.isPending ? <p className="muted">{t("team.loading")}</p> : null}
      {team.error ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(team.error)}
        </p>
      ) : null}
      {revoke.error ? <FormAlert error={revoke.error} /> : null}
      {team.data ? (
        <>
          <h2 className="team__heading">{t("team.members", { count: people })}</h2>
          <table className="office-table office-table--stack" aria-label={t("team.membersLabel")}>
            <thead>
              <tr>
                <th scope="col">{t("team.email")}</th>
                <th scope="col">{t("team.role")}</th>
                <th scope="col">{t("team.venue")}</th>
                <th scope="col">{t("team.since")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("team.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={`${m.user_id}-${m.role}-${m.venue_slug ?? ""}`}>
                  <td data-label={t("team.email")} className="office-table__main">
                    {m.email}
                    {m.is_you ? <span className="team__you"> ({t("team.you")})</span> : null}
                  </td>
                  <td data-label={t("team.role")}>{t(`team.roles.${m.role}`)}</td>
                  <td data-label={t("team.venue")}>{venueName(m.venue_slug)}</td>
                  <td data-label={t("team.since")}>{when(m.since)}</td>
                  <td className="office-table__actions">
                    {m.is_you || m.role === "admin" ? null : (
                      <button
                        type="button"
                        className="button button--ghost"
                        onClick={() => setRemoving(m)}
                        aria-label={t("team.removeLabel", { email: m.email })}
                      >
                        {t("team.remove")}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2 className="team__heading">{t("team.pending", { count: invitations.length })}</h2>
          {invitations.length === 0 ? (
            <p className="muted">{t("team.noPending")}</p>
          ) : (
            <table className="office-table office-table--stack" aria-label={t("team.pendingLabel")}>
              <thead>
                <tr>
                  <th scope="col">{t("team.email")}</th>
                  <th scope="col">{t("team.role")}</th>
                  <th scope="col">{t("team.venue")}</th>
                  <th scope="col">{t("team.expires")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("team.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {invitations.map((inv) => (
                  <tr key={inv.id}>
                    <td data-label={t("team.email")} className="office-table__main">
                      {inv.email}
                    </td>
                    <td data-label={t("team.role")}>{t(`team.roles.${inv.role}`)}</td>
                    <td data-label={t("team.venue")}>{venueName(inv.venue_slug)}</td>
                    <td data-label={t("team.expires")}>{when(inv.expires_at)}</td>
                    <td className="office-table__actions">
                      <button
                        type="button"
                        className="button button--ghost"
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate({ invitation_id: inv.id })}
                        aria-label={t("team.revokeLabel", { email: inv.email })}
                      >
                        {t("team.revoke")}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t("team.removeTitle")}
        message={t("team.removeMessage", { email: removing?.email ?? "", brand })}
        confirmLabel={t("team.remove")}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) revoke.mutate({ user_id: removing.user_id });
          setRemoving(null);
        }}
      />
    </section>
  );
}
