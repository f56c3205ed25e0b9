import "../i18n";
import "./venues.css";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { venueDate } from "@/lib/opening-hours";
import { useAdmin } from "../shell/admin-context";
import { VenueControls } from "../venue-controls/venue-controls";
import { ExceptionsEditor } from "./exceptions-editor";
import { HoursEditor } from "./hours-editor";
import { SaveBar } from "./save-bar";
import { useVenueDocs, useVenueSave } from "./use-venues";
import { VenueDetails } from "./venue-details";
import type { VenueDoc } from "./venue-model";
import { ZonesEditor } from "./zones-editor";

/** A new venue's starting document: pickup only, beside the first venue (or central London). */
function blankVenue(slug: string, name: string, near?: VenueDoc): VenueDoc {
  return {
    venue_slug: slug,
    name,
    address: { line1: "", line2: "", city: "", postcode: "", country: near?.address.country ?? "GB" },
    lat: near?.lat ?? 51.5074,
    lng: near?.lng ?? -0.1278,
    time_zone: near?.time_zone ?? "Europe/London",
    menu: near?.menu ?? "",
    opening_hours: {},
    exceptions: [],
    order_types: [1],
    delivery: { radius_m: 0, fee: 0, free_over: 0, minimum: 0, slot_capacity: 0, zones: [] },
    pickup: { minimum: 0, slot_capacity: 0 },
    prep_minutes: 15,
    delivery_minutes: 20,
    service_charge_bp: 0,
    vat_rate_bp: near?.vat_rate_bp ?? 0,
    tipping: { enabled: false, percents: [], default_percent: 0, allow_custom: false },
    layout_style: 0,
  };
}

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
            const draft = blankVenue(newSlug.trim(), newName.trim(), venues[0]);
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
  // Each section sends the venue as last saved with only its own part changed.
  const details = () => ({
    ...draft,
    opening_hours: saved.opening_hours,
    exceptions: saved.exceptions,
    delivery: { ...draft.delivery, zones: saved.delivery.zones },
  });

  return (
    <div className="venues-editor">
      <section className="venues-section" aria-labelledby="venue-details">
        <h2 id="venue-details">{t("venues.details")}</h2>
        <VenueDetails venue={draft} onChange={setDraft} currency={currency} />
        <SaveBar state={stateOf("details")} onSave={() => void save("details", isNew ? draft : details())} />
      </section>
      <section className="venues-section" aria-labelledby="venue-hours">
        <h2 id="venue-hours">{t("venues.hours")}</h2>
        <HoursEditor
          hours={draft.opening_hours ?? {}}
          onChange={(opening_hours) => setDraft({ ...draft, opening_hours })}
        />
        <SaveBar
          state={stateOf("hours")}
          disabled={isNew}
          onSave={() => void save("hours", { ...saved, opening_hours: draft.opening_hours })}
        />
      </section>
      <section className="venues-section" aria-labelledby="venue-exceptions">
        <h2 id="venue-exceptions">{t("venues.exceptions")}</h2>
        <p className="muted small">{t("venues.exceptionsHint")}</p>
        <ExceptionsEditor
          exceptions={draft.exceptions ?? []}
          today={today}
          onChange={(exceptions) => setDraft({ ...draft, exceptions })}
        />
        <SaveBar
          state={stateOf("exceptions")}
          disabled={isNew}
          onSave={() => void save("exceptions", { ...saved, exceptions: draft.exceptions })}
        />
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
        <SaveBar
          state={stateOf("zones")}
          disabled={isNew}
          onSave={() =>
            void save("zones", { ...saved, delivery: { ...saved.delivery, zones: draft.delivery.zones } })
          }
        />
      </section>
      {ops ? (
        <section className="venues-section" aria-labelledby="venue-ops">
          <h2 id="venue-ops">{t("venues.operations")}</h2>
          <VenueControls scheme={scheme} venue={ops} />
        </section>
      ) : null}
    </div>
  );
}
