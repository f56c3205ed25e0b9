import "../i18n";
import "./venues.css";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { venueDate } from "@/lib/opening-hours";
import { useAdmin } from "../shell/admin-context";
import { PrintersSection } from "../printers/printers-section";
import { VenueControls } from "../venue-controls/venue-controls";
import { ExceptionsEditor } from "./exceptions-editor";
import { HoursEditor } from "./hours-editor";
import { SaveBar } from "./save-bar";
import { useVenueDocs, useVenueSave } from "./use-venues";
import { VenueDetails } from "./venue-details";
import { LeaveGuard } from "./use-leave-guard";
import {
  blankVenue,
  fromDraft,
  unsavedSections,
  withSavedSection,
  type VenueDoc,
  type VenueSection,
} from "./venue-model";
import { problemsFor } from "./venue-problems";
import { ZonesEditor } from "./zones-editor";

/** Managers' Venues: each venue's details, hours, dated exceptions and delivery zones, saved per section. */
export function VenuesPage() {
  const { t } = useTranslation();
  const { scheme, brand, isManager } = useAdmin();
  const errorMessage = useErrorMessage();
  useDocumentTitle(`${t("office.venues")} — ${brand}`);
  const docs = useVenueDocs(scheme, isManager);
  const [params, setParams] = useSearchParams();
  const [created, setCreated] = useState<VenueDoc | null>(null);
  const [newSlug, setNewSlug] = useState("");
  const [newName, setNewName] = useState("");

  if (!isManager) {
    return (
      <section className="office-page">
        <h1 className="office-page__title">{t("office.venues")}</h1>
        <p className="muted">{t("venues.managersOnly")}</p>
      </section>
    );
  }
  const venues = docs.data?.venues ?? [];
  const chosen = params.get("venue") ?? venues[0]?.venue_slug ?? "";
  const venue =
    venues.find((v) => v.venue_slug === chosen) ?? (created?.venue_slug === chosen ? created : undefined);
  const choose = (slug: string) => setParams({ venue: slug }, { replace: true });

  return (
    <section className="office-page venues">
      <h1 className="office-page__title">{t("office.venues")}</h1>
      {docs.isPending ? <p className="muted">{t("team.loading")}</p> : null}
      {docs.error ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(docs.error)}
        </p>
      ) : null}
      <div className="venues-picker">
        <label className="venues-field venues-field--inline">
          <span>{t("venues.pick")}</span>
          <select value={chosen} onChange={(e) => choose(e.target.value)}>
            {venues.map((v) => (
              <option key={v.venue_slug} value={v.venue_slug}>
                {v.name}
              </option>
            ))}
            {created && !venues.some((v) => v.venue_slug === created.venue_slug) ? (
              <option value={created.venue_slug}>{created.name}</option>
            ) : null}
          </select>
        </label>
        <form
          className="venues-new"
          onSubmit={(e) => {
            e.preventDefault();
            const draft = blankVenue(newSlug.trim(), newName.trim(), venues[0], docs.data?.country);
            setCreated(draft);
            setNewSlug("");
            setNewName("");
            choose(draft.venue_slug);
          }}
        >
          <label className="venues-field venues-field--inline">
            <span>{t("venues.newSlug")}</span>
            <input
              value={newSlug}
              pattern="[a-z0-9][a-z0-9\-]{1,62}"
              required
              onChange={(e) => setNewSlug(e.target.value)}
            />
          </label>
          <label className="venues-field venues-field--inline">
            <span>{t("venues.newName")}</span>
            <input value={newName} required maxLength={120} onChange={(e) => setNewName(e.target.value)} />
          </label>
          <button type="submit" className="button button--ghost">
            {t("venues.addVenue")}
          </button>
        </form>
      </div>
      {venue ? (
        <VenueEditor
          key={venue.venue_slug}
          scheme={scheme}
          saved={venue}
          isNew={!venues.includes(venue)}
          currency={docs.data?.currency ?? "GBP"}
        />
      ) : null}
    </section>
  );
}

interface EditorProps {
  scheme: string;
  saved: VenueDoc;
  isNew: boolean;
  currency: string;
}

function VenueEditor({ scheme, saved, isNew, currency }: EditorProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { venues: adminVenues } = useAdmin();
  const { save, stateOf } = useVenueSave(scheme, errorMessage);
  const [draft, setDraft] = useState<VenueDoc>(saved);
  const today = venueDate(new Date(), { time_zone: saved.time_zone || "UTC" });
  const ops = adminVenues.find((v) => v.venue_slug === saved.venue_slug);
  const unsaved = unsavedSections(saved, draft, isNew);
  // Each section sends the venue as last saved with only its own part changed (a new venue: all
  // of it); the answer, as the server keeps it, becomes that part of the draft.
  const saveSection = async (section: VenueSection) => {
    const venue = isNew ? draft : { ...saved, ...fromDraft(draft, saved, section) };
    const answer = await save(section, venue);
    if (answer) setDraft((d) => (isNew ? answer : withSavedSection(d, answer, section)));
  };
  const failed = stateOf("details");
  const detailsProblems =
    failed.state === "failed"
      ? Object.fromEntries(problemsFor(failed.fields, t).map((p) => [p.path, p.text]))
      : undefined;
  const bar = (section: VenueSection) => (
    <SaveBar
      state={stateOf(section)}
      unsaved={unsaved.includes(section)}
      disabled={isNew && section !== "details"}
      hint={isNew ? t("venues.newNotSaved") : undefined}
      onSave={() => void saveSection(section)}
    />
  );

  return (
    <div className="venues-editor">
      <LeaveGuard venue={draft.name || draft.venue_slug} unsaved={unsaved} />
      <section className="venues-section" aria-labelledby="venue-details">
        <h2 id="venue-details">{t("venues.details")}</h2>
        <VenueDetails venue={draft} onChange={setDraft} currency={currency} problems={detailsProblems} />
        {bar("details")}
      </section>
      <section className="venues-section" aria-labelledby="venue-hours">
        <h2 id="venue-hours">{t("venues.hours")}</h2>
        <HoursEditor
          hours={draft.opening_hours ?? {}}
          onChange={(opening_hours) => setDraft({ ...draft, opening_hours })}
        />
        {bar("hours")}
      </section>
      <section className="venues-section" aria-labelledby="venue-exceptions">
        <h2 id="venue-exceptions">{t("venues.exceptions")}</h2>
        <p className="muted small">{t("venues.exceptionsHint")}</p>
        <ExceptionsEditor
          exceptions={draft.exceptions ?? []}
          today={today}
          onChange={(exceptions) => setDraft({ ...draft, exceptions })}
        />
        {bar("exceptions")}
      </section>
      <section className="venues-section" aria-labelledby="venue-zones">
        <h2 id="venue-zones">{t("venues.zones")}</h2>
        <ZonesEditor
          zones={draft.delivery.zones ?? []}
          centre={{ lat: saved.lat, lng: saved.lng }}
          currency={currency}
          slug={saved.venue_slug}
          onChange={(zones) => setDraft({ ...draft, delivery: { ...draft.delivery, zones } })}
        />
        {bar("zones")}
      </section>
      {isNew ? null : (
        <PrintersSection scheme={scheme} venue={saved.venue_slug} timeZone={saved.time_zone || "UTC"} />
      )}
      {ops ? (
        <section className="venues-section" aria-labelledby="venue-ops">
          <h2 id="venue-ops">{t("venues.operations")}</h2>
          <VenueControls scheme={scheme} venue={ops} />
        </section>
      ) : null}
    </div>
  );
}
