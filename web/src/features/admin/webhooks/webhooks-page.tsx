import "./api";
import "../team/team.css";
import "./webhooks.css";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormAlert } from "@/components/ui/form/form-alert";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { useAdmin } from "../shell/admin-context";
import { useDateTime } from "../team/date-time";
import { useRotateSecret, useWebhooks, type Webhook } from "./api";
import { Deliveries } from "./deliveries";
import { EndpointDialog, SecretDialog } from "./endpoint-dialog";
import { ManagersOnly } from "../shell/managers-only";
import { managersOnly } from "../shell/office-lists";

/**
 * Managers' outbound webhooks (docs/architecture.md §11): the scheme's
 * endpoints with the events each receives, add and edit them, a secret shown
 * once (on adding, and on rotating: the previous secret signs for a day
 * more), and each endpoint's delivery log with the receiver's answers and a
 * redelivery.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const { scheme, brand, isManager } = useAdmin();
  const errorMessage = useErrorMessage();
  const when = useDateTime();
  const hooks = useWebhooks(scheme, isManager);
  const rotate = useRotateSecret(scheme);
  // undefined: closed; null: a new endpoint.
  const [editing, setEditing] = useState<Webhook | null | undefined>(undefined);
  const [secret, setSecret] = useState("");
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [shown, setShown] = useState(0);
  useDocumentTitle(`${t("office.webhooks")} — ${brand}`);

  if (managersOnly(isManager, hooks.error)) return <ManagersOnly title={t("office.webhooks")} />;
  const list = hooks.data?.payload ?? [];
  const max = hooks.data?.meta.max ?? 10;
  const selected = list.find((h) => h.id === shown) ?? list[0];

  return (
    <section className="office-page webhooks">
      <h1 className="office-page__title">{t("office.webhooks")}</h1>
      <p className="muted">{t("webhooks.hint")}</p>
      {hooks.isPending ? <p className="muted">{t("team.loading")}</p> : null}
      {hooks.error ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(hooks.error)}
        </p>
      ) : null}
      {rotate.error ? <FormAlert error={rotate.error} /> : null}
      <p>
        <button
          type="button"
          className="button button--primary"
          disabled={list.length >= max}
          onClick={() => setEditing(null)}
        >
          {t("webhooks.add")}
        </button>
        {list.length >= max ? (
          <span className="muted webhooks__full"> {t("webhooks.full", { count: max })}</span>
        ) : null}
      </p>
      {hooks.data && list.length === 0 ? <p className="muted">{t("webhooks.none")}</p> : null}
      {list.length > 0 ? (
        <table className="office-table office-table--stack" aria-label={t("webhooks.endpoints")}>
          <thead>
            <tr>
              <th scope="col">{t("webhooks.url")}</th>
              <th scope="col">{t("webhooks.events")}</th>
              <th scope="col">{t("webhooks.state")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("webhooks.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((h) => (
              <tr key={h.id} className={h.id === selected?.id ? "webhooks__row--shown" : undefined}>
                <td data-label={t("webhooks.url")} className="office-table__main webhooks__url">
                  {h.url}
                </td>
                <td data-label={t("webhooks.events")}>
                  <ul className="webhooks__tags">
                    {h.events.map((ev) => (
                      <li key={ev}>
                        <code className="webhooks__code">{ev}</code>
                      </li>
                    ))}
                  </ul>
                </td>
                <td data-label={t("webhooks.state")}>
                  <span className={`outbox__status webhooks__state--${h.enabled ? "on" : "off"}`}>
                    {h.enabled ? t("webhooks.on") : t("webhooks.off")}
                  </span>
                  {h.rotated_until ? (
                    <span className="webhooks__next">
                      {t("webhooks.rotatedUntil", { time: when(h.rotated_until) })}
                    </span>
                  ) : null}
                </td>
                <td className="office-table__actions webhooks__row-actions">
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-pressed={h.id === selected?.id}
                    onClick={() => setShown(h.id)}
                    aria-label={t("webhooks.showLogLabel", { url: h.url })}
                  >
                    {t("webhooks.showLog")}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => setEditing(h)}
                    aria-label={t("webhooks.editLabel", { url: h.url })}
                  >
                    {t("webhooks.edit")}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={rotate.isPending}
                    onClick={() => setRotating(h)}
                    aria-label={t("webhooks.rotateLabel", { url: h.url })}
                  >
                    {t("webhooks.rotate")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {selected ? <Deliveries key={selected.id} scheme={scheme} endpoint={selected} /> : null}
      {editing !== undefined ? (
        <EndpointDialog
          key={editing?.id ?? "new"}
          scheme={scheme}
          endpoint={editing}
          open
          onHide={() => setEditing(undefined)}
          onCreated={setSecret}
        />
      ) : null}
      <SecretDialog secret={secret} onHide={() => setSecret("")} />
      <ConfirmDialog
        open={rotating !== null}
        title={t("webhooks.rotateTitle")}
        message={t("webhooks.rotateMessage", { url: rotating?.url ?? "" })}
        confirmLabel={t("webhooks.rotate")}
        onCancel={() => setRotating(null)}
        onConfirm={() => {
          if (rotating) rotate.mutate(rotating.id, { onSuccess: (res) => setSecret(res.secret) });
          setRotating(null);
        }}
      />
    </section>
  );
}
