import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "@/i18n";
import { paths } from "@/app/paths";
import { useOrderType } from "@/hooks/use-order-type";
import { useShakeHand } from "@/lib/api/get-shake-hand";
import { userInfoKey } from "@/lib/api/get-user-info";
import type { Scheme, Store } from "@/lib/api/types";
import { formatCurrency } from "@/lib/currency";
import { OrderType } from "@/lib/enums";
import { setLineQty, type Basket } from "@/stores/basket";
import { selectIsSignedInTo, useAuthStore } from "@/stores/auth";
import { useGeneralStore } from "@/stores/general";
import { useHomeStore } from "@/stores/home";
import { useVenueStore } from "@/stores/venue";
import { useOffers, useSlots, useTipping } from "../api/options";
import type { Prepared } from "../api/types";
import { useCheckoutQuote } from "../hooks/use-checkout-quote";
import { useContactDetails } from "../hooks/use-contact-details";
import { usePay } from "../hooks/use-pay";
import { useRedirectFailure } from "../hooks/use-redirect-failure";
import { useQuoteProblems } from "../hooks/use-quote-problems";
import { useSummaryLines } from "../hooks/use-summary-lines";
import { TARGET_FOCUS, type ErrorTarget } from "../lib/errors";
import { buildOrderRequest } from "../lib/order-request";
import { redirectReturnUrl } from "../lib/redirect-return";
import type { PaymentMethodHandle } from "../lib/payment";
import { slotOffered } from "../lib/slots";
import { FIELD_ORDER, normalisePhone, validateCheckout, type CheckoutField } from "../lib/validation";
import { AddressSection } from "./address-section";
import type { AddressDialogProps } from "./checkout-page";
import { ContactSections } from "./contact-sections";
import { OffersSection } from "./offers-section";
import { RewardsSection } from "./rewards-section";
import { SandboxCardForm } from "./card-form";
import { StripeSection } from "./stripe-section";
import { TextAreaField, Section } from "./field";
import { PromoSection } from "./promo-section";
import { SummarySection } from "./summary-section";
import { TimingSection } from "./timing-section";
import { TipSection, type TipChoice } from "./tip-section";

interface CheckoutViewProps {
  scheme: Scheme;
  venue: Store;
  basket: Basket;
  menuHref: string;
  renderAddressDialog?: (props: AddressDialogProps) => ReactNode;
}

function focusFirst(ids: readonly string[]) {
  const first = FIELD_ORDER.find((id) => ids.includes(id)) ?? ids[0];
  if (first) requestAnimationFrame(() => document.getElementById(first)?.focus());
}

export function CheckoutView({ scheme, venue, basket, menuHref, renderAddressDialog }: CheckoutViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const slug = scheme.business_slug;
  const orderType = useOrderType(venue);
  const delivery = orderType === OrderType.DELIVERY;
  const detail = basket.orderDetail;
  const updateBasket = useVenueStore((s) => s.updateBasket);
  const resetBasket = useVenueStore((s) => s.resetBasket);
  const setTiming = useHomeStore((s) => s.setTiming);
  const homeAddress = useHomeStore((s) => s.delivery_address);
  const rewardId = useGeneralStore((s) => s.selectedRewardId);
  const setRewardId = useGeneralStore((s) => s.setSelectedRewardId);
  const hasSession = useAuthStore(selectIsSignedInTo(slug));
  const contact = useContactDetails(slug);
  const tipping = useTipping(slug, venue.venue_slug, venue.tipping).data ?? venue.tipping;
  const slots = useSlots(slug, venue.venue_slug, orderType);
  const payment = useRef<PaymentMethodHandle>(null);
  const shakeHand = useShakeHand();
  // The server's provider decides the card form; a failed shake-hand leaves the sandbox's.
  const payments = shakeHand.data?.payload.payments;
  const stripeKey = payments?.provider === "stripe" ? payments.publishable_key : "";
  const [errors, setErrors] = useState<Partial<Record<CheckoutField, string>>>({});
  const [promoError, setPromoError] = useState<string | undefined>();
  const [addressOpen, setAddressOpen] = useState(false);
  // One reward per order (DESIGN.md §5): a loyalty reward or an offer's, never both.
  const [loyaltyRewardId, setLoyaltyRewardId] = useState(-1);
  const loyaltyChoice = contact.rewards.some((r) => r.id === loyaltyRewardId) ? loyaltyRewardId : -1;
  const [tipChoice, setTipChoice] = useState<TipChoice>(() =>
    detail.tip > 0 ? { kind: "custom" } : { kind: "percent", percent: tipping.default_percent },
  );

  const patchDetail = (patch: Partial<Basket["orderDetail"]>) =>
    updateBasket((b) => ({ ...b, orderDetail: { ...b.orderDetail, ...patch } }));

  // The address chosen on the home page comes along when the basket has none yet.
  useEffect(() => {
    if (delivery && !detail.delivery_address && homeAddress) patchDetail({ delivery_address: homeAddress });
  });

  const asapAvailable = slots.data?.asapAvailable ?? venue.is_open;
  const isAsap = detail.is_asap && asapAvailable;
  const available = slots.data?.slots.filter((s) => s.available) ?? [];
  // Nothing chosen while only slots are possible: the first one with room.
  const preorderFor = !isAsap && !detail.preorder_for ? (available[0]?.start ?? null) : detail.preorder_for;
  const slotFull =
    !isAsap &&
    preorderFor !== null &&
    slots.data !== undefined &&
    !slotOffered(slots.data.slots, preorderFor);

  const customer = {
    first_name: contact.values.first_name,
    last_name: contact.values.last_name,
    email: contact.values.email,
    contact_number: normalisePhone(contact.values.phone),
  };
  const timedBasket = { ...basket, orderDetail: { ...detail, is_asap: isAsap, preorder_for: preorderFor } };
  const tipPercent = tipping.enabled && tipChoice.kind === "percent" ? tipChoice.percent : null;
  const ctx = {
    businessSlug: slug,
    venueSlug: venue.venue_slug,
    orderType,
    customer,
    rewardId: loyaltyChoice >= 0 ? -1 : rewardId,
    loyaltyRewardId: loyaltyChoice,
    tipPercent,
  };
  // Every line goes to the quote: the server says which cannot be ordered, and why.
  const quote = useCheckoutQuote(buildOrderRequest(timedBasket, ctx));
  const summary = useSummaryLines(slug, venue.venue_slug, orderType, basket, quote.data?.lines);
  const pricing = quote.data?.pricing;
  const orderable = basket.items.length - summary.excluded.size;
  const problems = useQuoteProblems(quote.isPlaceholderData ? undefined : quote.data, quote.error);
  const offers = useOffers(slug, hasSession);

  // A refused promo code: its reason stays under the field, and the figures come back without it.
  const refusal = detail.promocode ? problems.promo : undefined;
  if (refusal && refusal !== promoError) setPromoError(refusal);
  useEffect(() => {
    if (refusal) updateBasket((b) => ({ ...b, orderDetail: { ...b.orderDetail, promocode: "" } }));
  }, [refusal, updateBasket]);

  const pay = usePay(slug, (prepared: Prepared) => {
    // The basket is emptied only now that the payment went through.
    resetBasket({ keepContact: true });
    // A loyalty reward is spent with the payment: user/info answers anew.
    if (loyaltyChoice >= 0) void queryClient.invalidateQueries({ queryKey: userInfoKey(slug) });
    void navigate(paths.venue.orderDetails.getHref(slug, venue.venue_slug, prepared.order.id), {
      state: { order: prepared.order },
    });
  });

  // A method that leaves the page comes back to this checkout (redirect-return.ts).
  const returnUrl = useCallback(
    (orderId: number) =>
      redirectReturnUrl(
        paths.venue.checkout.getHref(slug, venue.venue_slug),
        orderId,
        window.location.origin,
      ),
    [slug, venue.venue_slug],
  );
  const redirectFailure = useRedirectFailure(() => focusFirst(["co-pay-error"]));

  async function onPay() {
    if (pay.paying) return;
    redirectFailure.dismiss();
    const found = validateCheckout({
      contact: contact.values,
      delivery,
      hasAddress: detail.delivery_address !== null,
      isAsap,
      asapAvailable,
      preorderFor,
    });
    if (slotFull) found.time = "checkout.time.full";
    setErrors(found);
    const cardErrors = payment.current?.validate() ?? [];
    const ids = [
      ...Object.keys(found).map((f) => (f === "time" && !isAsap ? "time-slot" : f)),
      ...cardErrors,
    ];
    if (ids.length > 0) return focusFirst(ids);
    if (!payment.current) return;
    // The server already said no (closed, outside the area, below the minimum…): show where.
    if (quote.data && !quote.data.can_order && quote.settled) {
      const first = (Object.keys(problems) as ErrorTarget[])[0];
      return focusFirst([TARGET_FOCUS[first ?? "general"]]);
    }
    const request = buildOrderRequest(timedBasket, { ...ctx, exclude: summary.excluded });
    const failure = await pay.pay(request, payment.current);
    if (failure?.target === "promo") setPromoError(failure.message);
    if (failure) focusFirst([TARGET_FOCUS[failure.target]]);
  }

  const targetError = (target: ErrorTarget) =>
    (pay.error?.target === target ? pay.error.message : undefined) ?? problems[target];
  const generalError =
    targetError("general") ?? targetError("lines") ?? targetError("card") ?? redirectFailure.message;
  const money = (minor: number) => formatCurrency(minor, scheme.currency);

  return (
    <div className="container co-page">
      <div className="co-page__head">
        <Link className="co-back" to={menuHref}>
          ← {t("checkout.backToMenu")}
        </Link>
        <h1 className="page__title">{t("checkout.title")}</h1>
        <p className="muted">
          {t(delivery ? "checkout.deliveryFrom" : "checkout.pickupFrom", { venue: venue.name })}
        </p>
      </div>
      {/* Not a <form>: Enter in a field must never pay. */}
      <div className="co-layout">
        <div className="co-main">
          <ContactSections
            scheme={slug}
            values={contact.values}
            onChange={contact.change}
            errors={{
              ...errors,
              email: errors.email ?? (pay.error?.target === "email" ? pay.error.message : undefined),
            }}
            signedIn={contact.signedIn}
            signedInEmail={contact.signedInEmail}
          />
          <TimingSection
            orderType={orderType}
            timeZone={venue.time_zone}
            isAsap={isAsap}
            preorderFor={preorderFor}
            slots={slots.data?.slots}
            asapAvailable={asapAvailable}
            loading={slots.isPending}
            error={(errors.time && t(slotFull ? "checkout.time.full" : errors.time)) ?? targetError("time")}
            onChange={(asap, at) => {
              setTiming(asap, at);
              patchDetail({ is_asap: asap, preorder_for: asap ? null : at });
              setErrors((e) => ({ ...e, time: undefined }));
            }}
          />
          {delivery && (
            <AddressSection
              address={detail.delivery_address}
              error={(errors.address && t(errors.address)) ?? targetError("address")}
              onChange={() => setAddressOpen(true)}
            />
          )}
          <Section id="co-note" title={t("checkout.note.title")}>
            <TextAreaField
              id="order-note"
              label={<span className="visually-hidden">{t("checkout.note.title")}</span>}
              placeholder={t("checkout.note.placeholder")}
              value={detail.order_note}
              maxLength={500}
              rows={3}
              onChange={(e) => patchDetail({ order_note: e.target.value })}
            />
          </Section>
          <PromoSection
            applied={detail.promocode}
            error={promoError ?? targetError("promo")}
            saving={
              detail.promocode && pricing && pricing.discount > 0
                ? t("checkout.promo.applied", { code: detail.promocode, amount: money(pricing.discount) })
                : undefined
            }
            onApply={(code) => {
              setPromoError(undefined);
              pay.clearError();
              patchDetail({ promocode: code });
            }}
            onRemove={() => {
              setPromoError(undefined);
              patchDetail({ promocode: "" });
            }}
          />
          {tipping.enabled && (
            <TipSection
              tipping={tipping}
              choice={tipChoice}
              tip={tipChoice.kind === "custom" ? detail.tip : (pricing?.tip ?? 0)}
              currency={scheme.currency}
              error={targetError("tip")}
              onChoose={(choice) => {
                setTipChoice(choice);
                // A chip is a percentage the server works out; "Other" starts from the tip shown now.
                patchDetail({ tip: choice.kind === "custom" ? (pricing?.tip ?? 0) : 0 });
              }}
              onCustom={(tip) => patchDetail({ tip })}
            />
          )}
          <RewardsSection
            rewards={contact.rewards}
            selected={loyaltyChoice}
            applied={quote.data?.loyalty_reward_id ?? -1}
            saving={
              pricing && pricing.discount > 0
                ? t("checkout.rewards.saving", {
                    title: contact.rewards.find((r) => r.id === loyaltyChoice)?.title ?? "",
                    amount: money(pricing.discount),
                  })
                : undefined
            }
            onSelect={(id) => {
              pay.clearError();
              setLoyaltyRewardId(id);
              if (id >= 0) setRewardId(-1);
            }}
          />
          <OffersSection
            offers={offers.data ?? []}
            applied={quote.data?.reward_id ?? -1}
            selected={loyaltyChoice >= 0 ? -1 : rewardId}
            error={targetError("offer")}
            onSelect={(id) => {
              setRewardId(id);
              if (id >= 0) setLoyaltyRewardId(-1);
            }}
          />
          {shakeHand.isPending ? (
            <Section id="co-card" title={t("checkout.card.title")}>
              <p className="muted small">{t("checkout.stripe.loading")}</p>
            </Section>
          ) : stripeKey ? (
            <StripeSection
              ref={payment}
              publishableKey={stripeKey}
              amount={pricing?.total ?? 0}
              currency={scheme.currency}
              returnUrl={returnUrl}
              disabled={pay.paying}
            />
          ) : (
            <SandboxCardForm ref={payment} businessSlug={slug} disabled={pay.paying} />
          )}
        </div>
        <aside className="co-aside">
          <SummarySection
            lines={summary.lines}
            pricing={pricing}
            currency={scheme.currency}
            delivery={delivery}
            loyalty={scheme.loyalty.stamp_threshold > 0}
            updating={!quote.settled}
            onRemove={(index) => updateBasket((b) => setLineQty(b, index, 0))}
          />
          {generalError && (
            <p id="co-pay-error" className="alert alert--error co-pay-error" role="alert" tabIndex={-1}>
              {generalError}
            </p>
          )}
          <button
            type="button"
            className="button button--primary co-pay"
            onClick={() => void onPay()}
            disabled={pay.paying || orderable === 0 || (!quote.settled && !quote.error)}
            aria-describedby={generalError ? "co-pay-error" : undefined}
          >
            {pay.paying
              ? t("checkout.paying")
              : pricing
                ? t("checkout.pay", { amount: money(pricing.total) })
                : t("checkout.payNoAmount")}
          </button>
        </aside>
      </div>
      {renderAddressDialog?.({ open: addressOpen, onClose: () => setAddressOpen(false) })}
    </div>
  );
}
