import "./api";
import "../team/team.css";
import "./promotions.css";
import { useState } from "react";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { useSchemeQuery } from "@/lib/api/get-scheme";
import { formatCurrency } from "@/lib/currency";
import { useAdmin } from "../shell/admin-context";
import {
  useOffersAndLoyalty,
  usePromoCodes,
  usePromotionWrites,
  type OfferDoc,
  type PromoCodeDoc,
} from "./api";
import { discountText, windowText } from "./format";
import { LoyaltyForm } from "./loyalty-form";
import { OfferDialog } from "./offer-dialog";
import { PromoDialog } from "./promo-dialog";
import { ManagersOnly } from "../shell/managers-only";
import { managersOnly } from "../shell/office-lists";

/**
 * Managers' promotions: promo codes with their uses so far (new and edit in a
 * dialog), the offer cards customers see (AUTO_APPLY or CLAIM), and the stamp
 * card. Every save applies to the next order at once.
 */
export function PromotionsPage() {
  const { t, i18n } = useTranslation();
  const { scheme, brand, isManager } = useAdmin();
  const errorMessage = useErrorMessage();
  const currency = useSchemeQuery(scheme).data?.payload.currency ?? "GBP";
  const codes = usePromoCodes(scheme, isManager);
  const doc = useOffersAndLoyalty(scheme, isManager);
  const writes = usePromotionWrites(scheme);
  const [code, setCode] = useState<PromoCodeDoc | "new" | null>(null);
  const [offer, setOffer] = useState<OfferDoc | "new" | null>(null);
  useDocumentTitle(`${t("office.promotions")} — ${brand}`);

  if (managersOnly(isManager, codes.error)) return <ManagersOnly title={t("office.promotions")} />;
  const lang = i18n.language;
  const limits = (max?: number, per?: number) =>
    [
      max ? t("promotions.inAll", { count: max }) : "",
      per ? t("promotions.eachCustomer", { count: per }) : "",
    ]
      .filter(Boolean)
      .join(", ") || t("promotions.unlimited");
  const offers = doc.data?.offers ?? [];

  return (
    <section className="office-page promotions">
      <h1 className="office-page__title">{t("office.promotions")}</h1>
      <p className="muted">{t("promotions.hint")}</p>
      {[codes.error, doc.error].map((e, i) =>
        e ? (
          <p key={i} role="alert" className="alert alert--error">
            {errorMessage(e)}
          </p>
        ) : null,
      )}

      <div className="promotions__head">
        <h2 className="team__heading">{t("promotions.codes")}</h2>
        <button type="button" className="button button--primary" onClick={() => setCode("new")}>
          {t("promotions.newCode")}
        </button>
      </div>
      {codes.isPending ? <p className="muted">{t("team.loading")}</p> : null}
      {codes.data && codes.data.length === 0 ? <p className="muted">{t("promotions.noCodes")}</p> : null}
      {codes.data && codes.data.length > 0 ? (
        <table className="office-table office-table--stack" aria-label={t("promotions.codes")}>
          <thead>
            <tr>
              <th scope="col">{t("promotions.code")}</th>
              <th scope="col">{t("promotions.discount")}</th>
              <th scope="col">{t("promotions.minSpend")}</th>
              <th scope="col">{t("promotions.valid")}</th>
              <th scope="col">{t("promotions.limits")}</th>
              <th scope="col">{t("promotions.uses")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("promotions.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {codes.data.map((c) => (
              <tr key={c.code}>
                <td className="office-table__main promotions__code">{c.code}</td>
                <td data-label={t("promotions.discount")}>{discountText(c, currency, lang)}</td>
                <td data-label={t("promotions.minSpend")}>
                  {c.min_spend ? formatCurrency(c.min_spend, currency) : t("promotions.none")}
                </td>
                <td data-label={t("promotions.valid")}>{windowText(c.valid_from, c.valid_until, t, lang)}</td>
                <td data-label={t("promotions.limits")}>{limits(c.max_uses, c.max_uses_per_customer)}</td>
                <td data-label={t("promotions.uses")}>{c.uses}</td>
                <td className="office-table__actions">
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-label={t("promotions.editLabel", { code: c.code })}
                    onClick={() => setCode(c)}
                  >
                    {t("promotions.edit")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      <div className="promotions__head">
        <h2 className="team__heading">{t("promotions.offers")}</h2>
        <button type="button" className="button button--primary" onClick={() => setOffer("new")}>
          {t("promotions.newOffer")}
        </button>
      </div>
      {doc.data && offers.length === 0 ? <p className="muted">{t("promotions.noOffers")}</p> : null}
      <ul className="promotions__offers">
        {offers.map((o) => (
          <li
            key={o.ref}
            className="promotions__offer"
            style={{ borderInlineStartColor: o.color || undefined }}
          >
            <div>
              <strong>{o.title}</strong>
              <span className="promotions__offer-meta">
                {t(o.button_kind === 0 ? "promotions.autoApply" : "promotions.claim")} ·{" "}
                {t("promotions.rewardOff", { discount: discountText(o.reward, currency, lang) })}
                {o.reward.min_spend
                  ? ` · ${t("promotions.from", { amount: formatCurrency(o.reward.min_spend, currency) })}`
                  : ""}
              </span>
            </div>
            <button
              type="button"
              className="button button--ghost"
              aria-label={t("promotions.editLabel", { code: o.title })}
              onClick={() => setOffer(o)}
            >
              {t("promotions.edit")}
            </button>
          </li>
        ))}
      </ul>

      {doc.data ? <LoyaltyForm loyalty={doc.data.loyalty} currency={currency} save={writes.loyalty} /> : null}

      {code ? (
        <PromoDialog
          key={code === "new" ? "new" : code.code}
          open
          code={code === "new" ? null : code}
          currency={currency}
          save={writes.promo}
          onHide={() => setCode(null)}
        />
      ) : null}
      {offer ? (
        <OfferDialog
          key={offer === "new" ? "new" : offer.ref}
          open
          offer={offer === "new" ? null : offer}
          refs={offers.map((o) => o.ref)}
          currency={currency}
          save={writes.offer}
          onHide={() => setOffer(null)}
        />
      ) : null}
    </section>
  );
}
