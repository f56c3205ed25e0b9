import { useState } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { SUPPORT_STATUSES, type SupportStatus } from "@/components/ui/support-status";
import { SupportStatusBadge, SupportThread } from "@/components/ui/support-thread";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api/api-error";
import { useDateTime } from "../team/date-time";
import { useSupportReply, type InboxRequest } from "./api";
import { SupportPhotos } from "./support-photos";
import "@/components/ui/form/form.css";

/** One request: what the customer asked, their photos, the conversation, and the reply box. */
export function SupportDetail({
  scheme,
  request,
  email,
  onSaved,
}: {
  scheme: string;
  request: InboxRequest;
  email: string;
  onSaved: (saved: InboxRequest) => void;
}) {
  const { t } = useTranslation();
  const when = useDateTime();
  return (
    <article className="support-detail" aria-labelledby="support-detail-title">
      <header className="support-detail__head">
        <h2 id="support-detail-title" className="support-detail__title">
          {t("supportInbox.order", { number: request.order_number })} · {t(`support.${request.kind}`)}
        </h2>
        <SupportStatusBadge status={request.status} />
      </header>
      <p className="muted small support-detail__who">
        {t("supportInbox.from", {
          name: request.customer_name || t("supportInbox.guest"),
          venue: request.venue_name,
          time: when(request.created_at),
        })}{" "}
        <Link to={paths.admin.board.getHref(scheme, request.venue_slug)}>{t("supportInbox.toBoard")}</Link>
      </p>
      <p className="support-detail__text">{request.description}</p>
      <SupportPhotos scheme={scheme} urls={request.photos} />
      <h3 className="support-detail__sub">{t("supportInbox.conversation")}</h3>
      {request.messages.length === 0 ? <p className="muted">{t("supportInbox.noReplies")}</p> : null}
      <SupportThread
        entries={request.messages}
        when={when}
        replier={(m) =>
          m.author_email && m.author_email === email
            ? t("supportInbox.you")
            : m.author_email || t("supportInbox.staff")
        }
      />
      <ReplyForm key={request.id} scheme={scheme} request={request} onSaved={onSaved} />
    </article>
  );
}

function ReplyForm({
  scheme,
  request,
  onSaved,
}: {
  scheme: string;
  request: InboxRequest;
  onSaved: (saved: InboxRequest) => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const reply = useSupportReply(scheme);
  const [message, setMessage] = useState("");
  // A first answer usually starts the work: suggest "in progress" for an open request.
  const [status, setStatus] = useState<SupportStatus>(
    request.status === "open" ? "in_progress" : request.status,
  );
  const [done, setDone] = useState<"" | "sent" | "status">("");
  const fields = isApiError(reply.error) ? reply.error.fields : {};
  return (
    <form
      className="support-reply"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setDone("");
        const sent = message.trim() !== "";
        reply.mutate(
          { support_id: request.id, message, status: status !== request.status ? status : undefined },
          {
            onSuccess: (saved) => {
              onSaved(saved);
              setMessage("");
              setDone(sent ? "sent" : "status");
            },
          },
        );
      }}
    >
      <h3 className="support-detail__sub">{t("supportInbox.reply")}</h3>
      <div className={`form-field${fields.message ? " form-field--invalid" : ""}`}>
        <label className="form-field__label" htmlFor="support-reply-message">
          {t("supportInbox.replyLabel")}
        </label>
        <textarea
          id="support-reply-message"
          className="form-field__input"
          rows={4}
          maxLength={2000}
          value={message}
          aria-invalid={fields.message ? true : undefined}
          aria-describedby="support-reply-hint"
          onChange={(e) => setMessage(e.target.value)}
        />
        <p id="support-reply-hint" className={fields.message ? "form-field__error" : "form-field__hint"}>
          {fields.message ?? t("supportInbox.replyHint")}
        </p>
      </div>
      <div className="support-reply__row">
        <label className="support-reply__status">
          <span>{t("supportInbox.status")}</span>
          <select value={status} onChange={(e) => setStatus(e.target.value as SupportStatus)}>
            {SUPPORT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`supportThread.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary" disabled={reply.isPending}>
          {reply.isPending
            ? t("supportInbox.sending")
            : message.trim()
              ? t("supportInbox.send")
              : t("supportInbox.save")}
        </button>
      </div>
      {reply.isError ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(reply.error)}
        </p>
      ) : null}
      <p role="status" className="support-reply__done">
        {done ? t(done === "sent" ? "supportInbox.sent" : "supportInbox.statusSaved") : ""}
      </p>
    </form>
  );
}
