import "../i18n";
import "../team/team.css";
import "./activity.css";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { TextField } from "@/components/ui/form/text-field";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { useSchemeQuery } from "@/lib/api/get-scheme";
import { call, type ApiPayload } from "@/lib/api/client";
import { ADMIN_KEY, noRetryOnAccess } from "../api/venues";
import { useAdmin } from "../shell/admin-context";
import { Pager } from "../shell/pager";
import { useDateTime } from "../team/date-time";
import { diffJSON } from "./diff";
import { auditFilter, KINDS, type ActivityFilter } from "./filter";
import { actionLabel, fieldLabel, showValue, targetName } from "./labels";
import { ManagersOnly } from "../shell/managers-only";
import { managersOnly, pageCount } from "../shell/office-lists";

/** The most fields one change lists before "…and N more". */
const MAX_FIELDS = 40;

const EMPTY: ActivityFilter = { actor: "", kind: "", from: "", to: "" };

type Entry = ApiPayload<"admin/audit/list">[number];

/**
 * Managers' activity: the scheme's audit log, newest first, filtered by person,
 * kind and dates; each change opens to the fields it changed, before and after.
 */
export function ActivityPage() {
  const { t } = useTranslation();
  const { scheme, brand, isManager } = useAdmin();
  const errorMessage = useErrorMessage();
  const when = useDateTime();
  const [draft, setDraft] = useState<ActivityFilter>(EMPTY);
  const [filter, setFilter] = useState<ActivityFilter>(EMPTY);
  const [page, setPage] = useState(1);
  const currency = useSchemeQuery(scheme).data?.payload.currency ?? "GBP";
  useDocumentTitle(`${t("office.activity")} — ${brand}`);
  const badRange = draft.from !== "" && draft.to !== "" && draft.to < draft.from;
  const log = useQuery({
    queryKey: [ADMIN_KEY, scheme, "audit", filter, page],
    queryFn: async ({ signal }) =>
      await call(
        "admin/audit/list",
        { filter: { business_slug: scheme, page, ...auditFilter(filter) } },
        { signal },
      ),
    enabled: isManager,
    retry: noRetryOnAccess,
    placeholderData: keepPreviousData,
  });

  if (managersOnly(isManager, log.error)) return <ManagersOnly title={t("office.activity")} />;
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (badRange) return;
    setFilter(draft);
    setPage(1);
  };
  const rows = log.data?.payload ?? [];
  const total = log.data?.meta.total ?? 0;
  const pages = pageCount(log.data?.meta, 50);

  return (
    <section className="office-page activity">
      <h1 className="office-page__title">{t("office.activity")}</h1>
      <p className="muted">{t("activity.hint")}</p>
      <form className="activity__filters" onSubmit={apply} aria-label={t("activity.apply")}>
        <TextField
          id="activity-actor"
          type="email"
          label={t("activity.person")}
          value={draft.actor}
          onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
        />
        <div className="form-field">
          <label htmlFor="activity-kind" className="form-field__label">
            {t("activity.kind")}
          </label>
          <select
            id="activity-kind"
            value={draft.kind}
            onChange={(e) => setDraft({ ...draft, kind: e.target.value })}
          >
            <option value="">{t("activity.kinds.all")}</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`activity.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id="activity-from"
          type="date"
          label={t("activity.from")}
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
        <TextField
          id="activity-to"
          type="date"
          label={t("activity.to")}
          value={draft.to}
          error={badRange ? t("activity.badRange") : undefined}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
        <div className="activity__actions">
          <button type="submit" className="button button--primary">
            {t("activity.apply")}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setDraft(EMPTY);
              setFilter(EMPTY);
              setPage(1);
            }}
          >
            {t("activity.clear")}
          </button>
        </div>
      </form>
      {log.isPending ? <p className="muted">{t("team.loading")}</p> : null}
      {log.error ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(log.error)}
        </p>
      ) : null}
      {log.data ? (
        <>
          <p role="status">{t("activity.count", { count: total })}</p>
          {rows.length === 0 ? <p className="muted">{t("activity.none")}</p> : null}
          <ol className="activity__list" aria-label={t("activity.label")}>
            {rows.map((r, i) => (
              <ActivityRow key={`${r.at}-${i}`} entry={r} when={when(r.at)} currency={currency} />
            ))}
          </ol>
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}

function ActivityRow({ entry, when, currency }: { entry: Entry; when: string; currency: string }) {
  const { t } = useTranslation();
  const changes = diffJSON(entry.before, entry.after);
  const shown = changes.slice(0, MAX_FIELDS);
  const verdict =
    entry.before === null ? t("activity.created") : entry.after === null ? t("activity.removed") : null;
  return (
    <li className="activity__row">
      <div className="activity__head">
        <time className="activity__when">{when}</time>
        <span className="activity__who">{entry.actor_email}</span>
        <span className="activity__what">{actionLabel(t, entry.action, entry.before)}</span>
        <span className="activity__target">{targetName(entry.target, entry.before, entry.after)}</span>
      </div>
      <details className="activity__details">
        <summary>
          {t("activity.details")}
          {verdict ? ` — ${verdict}` : ""}
        </summary>
        {changes.length === 0 ? (
          <p className="muted">{t("activity.noFields")}</p>
        ) : (
          <table className="office-table activity__diff">
            <thead>
              <tr>
                <th scope="col">{t("activity.field")}</th>
                <th scope="col">{t("activity.before")}</th>
                <th scope="col">{t("activity.after")}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((c) => (
                <tr key={c.path}>
                  <th scope="row">{fieldLabel(t, c.path) || "—"}</th>
                  <td className="activity__before">
                    {showValue(t, c.path, c.before, currency) || t("activity.empty")}
                  </td>
                  <td className="activity__after">
                    {showValue(t, c.path, c.after, currency) || t("activity.empty")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {changes.length > MAX_FIELDS ? (
          <p className="muted">{t("activity.moreFields", { count: changes.length - MAX_FIELDS })}</p>
        ) : null}
      </details>
    </li>
  );
}
