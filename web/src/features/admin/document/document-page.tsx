import "../i18n";
import "./document.css";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Fragment, useRef, useState, type ChangeEvent } from "react";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { call } from "@/lib/api/client";
import { ADMIN_KEY } from "../api/venues";
import { useAdmin } from "../shell/admin-context";
import { problemsOf } from "./problems";
import { ManagersOnly } from "../shell/managers-only";

/** Saves text as a file the browser downloads. */
function saveFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

type Outcome =
  { kind: "changed"; version: number } | { kind: "unchanged" } | { kind: "notJson"; error: string };

/**
 * Managers' export and import: the whole scheme document downloaded as JSON, and
 * a document uploaded to replace it (`platter import`'s semantics), with every
 * problem listed by its JSON path.
 */
export function DocumentPage() {
  const { t } = useTranslation();
  const { scheme, brand, isManager } = useAdmin();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useDocumentTitle(`${t("document.title")} — ${brand}`);

  const download = useMutation({
    mutationFn: async () => await call("admin/scheme/document", { filter: { business_slug: scheme } }),
    onSuccess: (res) => saveFile(`${scheme}.json`, `${JSON.stringify(res.payload, null, 2)}\n`),
  });
  const upload = useMutation({
    mutationFn: async (document: unknown) =>
      await call("admin/scheme/import", {
        data: { business_slug: scheme, document: document as never },
      }),
    onSuccess: (res) => {
      setOutcome(
        res.payload.changed ? { kind: "changed", version: res.payload.menu_version } : { kind: "unchanged" },
      );
      // Every page of the back office may show what changed.
      void queryClient.invalidateQueries({ queryKey: [ADMIN_KEY] });
    },
  });

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ""; // the same file again is a new upload
    if (!file) return;
    setOutcome(null);
    upload.reset();
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch (err) {
      setOutcome({ kind: "notJson", error: err instanceof Error ? err.message : String(err) });
      return;
    }
    upload.mutate(parsed);
  };

  if (!isManager) return <ManagersOnly title={t("document.title")} />;
  const problems = problemsOf(upload.error);
  return (
    <section className="office-page document">
      <h1 className="office-page__title">{t("document.title")}</h1>
      <p className="muted document__hint">{t("document.hint")}</p>
      <div className="document__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          {download.isPending ? t("document.downloading") : t("document.download")}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={upload.isPending}
          aria-describedby="document-upload-hint"
          onClick={() => fileInput.current?.click()}
        >
          {upload.isPending ? t("document.importing") : t("document.upload")}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          className="document__file"
          aria-label={t("document.upload")}
          data-testid="document-file"
          onChange={(e) => void pick(e)}
        />
      </div>
      <p id="document-upload-hint" className="muted">
        {t("document.uploadHint")}
      </p>
      {download.error ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(download.error)}
        </p>
      ) : null}
      {outcome?.kind === "notJson" ? (
        <p role="alert" className="alert alert--error">
          {t("document.notJson", { error: outcome.error })}
        </p>
      ) : null}
      {outcome?.kind === "changed" ? (
        <p role="status" className="alert alert--info">
          {t("document.changed", { version: outcome.version })}
        </p>
      ) : null}
      {outcome?.kind === "unchanged" ? (
        <p role="status" className="alert alert--info">
          {t("document.unchanged")}
        </p>
      ) : null}
      {upload.error && problems.length === 0 ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(upload.error)}
        </p>
      ) : null}
      {problems.length > 0 ? (
        <div role="alert" className="document__problems">
          <p className="alert alert--error">{t("document.problems", { count: problems.length })}</p>
          <table className="document__table">
            <thead>
              <tr>
                <th scope="col">{t("document.path")}</th>
                <th scope="col">{t("document.problem")}</th>
              </tr>
            </thead>
            <tbody>
              {problems.map((p) => (
                <tr key={p.path}>
                  <th scope="row">{p.path ? <code>{breakable(p.path)}</code> : t("document.whole")}</th>
                  <td>{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** A JSON path that may wrap after each "." and "]" (menus[0].categories[1]…), never mid-name. */
function breakable(path: string) {
  return path.split(/(?<=[.\]])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
