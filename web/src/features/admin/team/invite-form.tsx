import { useState, type FormEvent } from "react";
import { FormAlert } from "@/components/ui/form/form-alert";
import { SubmitButton, TextField } from "@/components/ui/form/text-field";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api/api-error";
import { useAdmin } from "../shell/admin-context";
import { useInvite, type InvitableRole } from "./api";

const ROLES: InvitableRole[] = ["staff", "driver", "manager"];

/**
 * The invitation form: address, role, (optionally) one venue, and for a
 * driver a name, which the board shows when assigning an order.
 */
export function InviteForm() {
  const { t } = useTranslation();
  const { scheme, venues } = useAdmin();
  const invite = useInvite(scheme);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<InvitableRole>("staff");
  const [venue, setVenue] = useState("");
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [sentTo, setSentTo] = useState("");
  const driver = role === "driver";
  const fieldError = (name: string) => {
    const fields = isApiError(invite.error) ? invite.error.fields : undefined;
    return fields?.[name];
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSentTo("");
    const address = email.trim();
    const name = driver ? { first_name: firstName.trim(), last_name: lastName.trim() } : {};
    invite.mutate(
      { email: address, role, ...(venue ? { venue_slug: venue } : {}), ...name },
      {
        onSuccess: () => {
          setSentTo(address);
          setEmail("");
          setFirstName("");
          setLastName("");
        },
      },
    );
  };

  return (
    <form className="team__invite" noValidate onSubmit={onSubmit} aria-labelledby="team-invite-title">
      <h2 id="team-invite-title" className="team__heading">
        {t("team.inviteTitle")}
      </h2>
      <p className="muted">{t("team.inviteHint")}</p>
      {invite.error && !fieldError("email") && !fieldError("role") && !fieldError("first_name") ? (
        <FormAlert error={invite.error} />
      ) : null}
      {sentTo ? (
        <p role="status" className="alert alert--info">
          {t("team.invited", { email: sentTo })}
        </p>
      ) : null}
      <div className="team__invite-fields">
        <TextField
          id="team-email"
          type="email"
          label={t("team.email")}
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError("email")}
        />
        <div className="form-field">
          <label htmlFor="team-role" className="form-field__label">
            {t("team.role")}
          </label>
          <select id="team-role" value={role} onChange={(e) => setRole(e.target.value as InvitableRole)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`team.roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="team-venue" className="form-field__label">
            {t("team.venue")}
          </label>
          <select id="team-venue" value={venue} onChange={(e) => setVenue(e.target.value)}>
            <option value="">{t("team.wholeScheme")}</option>
            {venues.map((v) => (
              <option key={v.venue_slug} value={v.venue_slug}>
                {v.name}
              </option>
            ))}
          </select>
        </div>
        {driver ? (
          <>
            <TextField
              id="team-first-name"
              label={t("team.firstName")}
              autoComplete="off"
              required
              maxLength={100}
              value={firstName}
              onChange={(e) => setFirstName(e.target.value)}
              error={fieldError("first_name")}
            />
            <TextField
              id="team-last-name"
              label={t("team.lastName")}
              autoComplete="off"
              maxLength={100}
              value={lastName}
              onChange={(e) => setLastName(e.target.value)}
              error={fieldError("last_name")}
            />
          </>
        ) : null}
      </div>
      <SubmitButton busy={invite.isPending}>{t("team.send")}</SubmitButton>
    </form>
  );
}
