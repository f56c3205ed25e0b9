import { useState, type FormEvent } from "react";
import { Dialog } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form/form-alert";
import { SubmitButton, TextField } from "@/components/ui/form/text-field";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api/api-error";
import { EVENTS, useSaveWebhook, type Webhook, type WebhookEvent } from "./api";

/**
 * Adding or editing an endpoint: its URL, the events it wants (every one for a
 * new endpoint) and whether it is on. A new endpoint's secret comes back once:
 * onCreated hands it to the page, which shows it.
 */
export function EndpointDialog({
  scheme,
  endpoint,
  open,
  onHide,
  onCreated,
}: {
  scheme: string;
  /** null: a new endpoint. */
  endpoint: Webhook | null;
  open: boolean;
  onHide: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveWebhook(scheme);
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [events, setEvents] = useState<WebhookEvent[]>(endpoint?.events ?? EVENTS);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const fields = isApiError(save.error) ? save.error.fields : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { ...(endpoint ? { id: endpoint.id } : {}), url: url.trim(), events, enabled },
      {
        onSuccess: (res) => {
          onHide();
          if (res.secret) onCreated(res.secret);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onHide={onHide}
      title={endpoint ? t("webhooks.editTitle") : t("webhooks.addTitle")}
      className="webhooks__dialog"
    >
      <form noValidate onSubmit={submit} className="webhooks__form">
        {save.error && !fields?.url && !fields?.events ? <FormAlert error={save.error} /> : null}
        <TextField
          id="webhook-url"
          type="url"
          inputMode="url"
          label={t("webhooks.url")}
          hint={t("webhooks.urlHint")}
          autoComplete="off"
          spellCheck={false}
          maxLength={2000}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={fields?.url}
        />
        <fieldset
          className={`form-field webhooks__events${fields?.events ? " form-field--invalid" : ""}`}
          aria-describedby={fields?.events ? "webhook-events-error" : undefined}
        >
          <legend className="form-field__label">{t("webhooks.events")}</legend>
          {EVENTS.map((ev) => (
            <label key={ev} className="checkbox webhooks__event">
              <input
                type="checkbox"
                checked={events.includes(ev)}
                onChange={(e) =>
                  setEvents(e.target.checked ? [...events, ev] : events.filter((x) => x !== ev))
                }
              />
              <span>
                {t(`webhooks.eventNames.${ev}`)} <code className="webhooks__code">{ev}</code>
              </span>
            </label>
          ))}
          {fields?.events ? (
            <p id="webhook-events-error" className="form-field__error" role="alert">
              {fields.events}
            </p>
          ) : null}
        </fieldset>
        <label className="checkbox">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          {t("webhooks.enabled")}
        </label>
        <div className="webhooks__actions">
          <button type="button" className="button button--ghost" onClick={onHide}>
            {t("common.cancel")}
          </button>
          <SubmitButton busy={save.isPending}>{t("webhooks.save")}</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}

/** A secret, shown this once, with a button that copies it. */
export function SecretDialog({ secret, onHide }: { secret: string; onHide: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog
      open={secret !== ""}
      onHide={onHide}
      title={t("webhooks.secretTitle")}
      className="webhooks__dialog"
      footer={
        <button type="button" className="button button--primary" onClick={onHide}>
          {t("webhooks.secretDone")}
        </button>
      }
    >
      <p>{t("webhooks.secretOnce")}</p>
      <div className="webhooks__secret">
        <code data-testid="webhook-secret" className="webhooks__code">
          {secret}
        </code>
        <button type="button" className="button button--ghost" onClick={() => void copy()} data-autofocus>
          {copied ? t("webhooks.copied") : t("webhooks.copy")}
        </button>
      </div>
      <p className="muted">{t("webhooks.secretHint")}</p>
    </Dialog>
  );
}
