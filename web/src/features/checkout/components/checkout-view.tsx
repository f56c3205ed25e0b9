import { useCallback, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "@/i18n";
import { useOrderType } from "@/hooks/use-order-type";
import type { Scheme, Store } from "@/lib/api/types";
import { OrderType } from "@/lib/enums";
import { setLineQty, type Basket } from "@/stores/basket";
import { selectIsSignedInTo, useAuthStore } from "@/stores/auth";
import { useHomeStore } from "@/stores/home";
import { useOffers, useTipping } from "../api/options";
import { useCheckoutErrors } from "../hooks/use-checkout-errors";
import { useCheckoutQuote } from "../hooks/use-checkout-quote";
import { useCheckoutPayment } from "../hooks/use-checkout-payment";
import { useCheckoutSubmit } from "../hooks/use-checkout-submit";
import { useCheckoutDetail } from "../hooks/use-checkout-detail";
import { useCheckoutTiming } from "../hooks/use-checkout-timing";
import { useContactDetails } from "../hooks/use-contact-details";
import { useOfferProblem } from "../hooks/use-offer-problem";
import { useQuoteProblems } from "../hooks/use-quote-problems";
import { useRewardChoice } from "../hooks/use-reward-choice";
import { useSummaryLines } from "../hooks/use-summary-lines";
import { buildOrderRequest } from "../lib/order-request";
import type { PaymentMethodHandle } from "../lib/payment";
import { normalisePhone, type ContactValues } from "../lib/validation";
import type { AddressDialogProps } from "./checkout-page";
import { CheckoutAside } from "./checkout-aside";
import { CheckoutDetails } from "./checkout-details";
import { CheckoutDiscounts } from "./checkout-discounts";
import { discountProps } from "./discount-props";
import { CheckoutHead } from "./checkout-head";
import { CheckoutPayment } from "./checkout-payment";
import type { TipChoice } from "./tip-section";

interface CheckoutViewProps {
  scheme: Scheme;
  venue: Store;
  basket: Basket;
  menuHref: string;
  renderAddressDialog?: (props: AddressDialogProps) => ReactNode;
}

/** The checkout of a venue with a basket: the hooks hold the state, the sections show it. */
export function CheckoutView({ scheme, venue, basket, menuHref, renderAddressDialog }: CheckoutViewProps) {
  const { t } = useTranslation();
  const slug = scheme.business_slug;
  const orderType = useOrderType(venue);
  const delivery = orderType === OrderType.DELIVERY;
  const detail = basket.orderDetail;
  const setTiming = useHomeStore((s) => s.setTiming);
  const hasSession = useAuthStore(selectIsSignedInTo(slug));
  const contact = useContactDetails(slug);
  const tipping = useTipping(slug, venue.venue_slug, venue.tipping).data ?? venue.tipping;
  const timing = useCheckoutTiming(slug, venue, orderType, detail);
  const payment = useRef<PaymentMethodHandle>(null);
  const [addressOpen, setAddressOpen] = useState(false);
  const { loyaltyChoice, offerChoice, chooseLoyalty, chooseOffer } = useRewardChoice(contact.rewards);
  const [tipChoice, setTipChoice] = useState<TipChoice>(() =>
    detail.tip > 0 ? { kind: "custom" } : { kind: "percent", percent: tipping.default_percent },
  );
  const { patchDetail, updateBasket } = useCheckoutDetail(detail, delivery);

  const { isAsap, preorderFor } = timing;
  const timedBasket = { ...basket, orderDetail: { ...detail, is_asap: isAsap, preorder_for: preorderFor } };
  const ctx = {
    businessSlug: slug,
    venueSlug: venue.venue_slug,
    orderType,
    customer: { ...contact.values, contact_number: normalisePhone(contact.values.phone) },
    rewardId: offerChoice,
    loyaltyRewardId: loyaltyChoice,
    tipPercent: tipping.enabled && tipChoice.kind === "percent" ? tipChoice.percent : null,
  };
  // Every line goes to the quote: the server says which cannot be ordered, and why.
  const quote = useCheckoutQuote(buildOrderRequest(timedBasket, ctx));
  const summary = useSummaryLines(slug, venue.venue_slug, orderType, basket, quote.data?.lines);
  const pricing = quote.data?.pricing;
  const problems = useQuoteProblems(quote.isPlaceholderData ? undefined : quote.data, quote.error);
  // Refused as outside every delivery area (3011): no fee, no total and no Pay until another address.
  const undeliverable =
    delivery && !quote.isPlaceholderData && (quote.data?.problems ?? []).some((p) => p.code === 3011);
  const offers = useOffers(slug, hasSession).data ?? [];

  const { pay, returnUrl, redirectFailure } = useCheckoutPayment(slug, venue.venue_slug, loyaltyChoice >= 0);
  const dropPromocode = useCallback(() => patchDetail({ promocode: "" }), [patchDetail]);
  const errors = useCheckoutErrors({
    problems,
    payError: pay.error,
    clearPayError: pay.clearError,
    promocode: detail.promocode,
    dropPromocode,
  });
  const offerProblem = useOfferProblem(
    offers,
    offerChoice,
    pricing?.subtotal,
    errors.target("offer"),
    scheme.currency,
  );
  // Shown by its offer when the offers are on the page, else by Pay: never nowhere.
  const offerShown = offers.length > 0 && loyaltyChoice < 0;

  const onPay = useCheckoutSubmit({
    pay,
    errors,
    payment,
    state: {
      contact: contact.values,
      delivery,
      hasAddress: detail.delivery_address !== null,
      isAsap,
      asapAvailable: timing.asapAvailable,
      preorderFor,
      slotFull: timing.slotFull,
    },
    quote,
    problems: offerShown || !problems.offer ? problems : { general: offerProblem, ...problems },
    request: () => buildOrderRequest(timedBasket, { ...ctx, exclude: summary.excluded }),
    onStart: redirectFailure.dismiss,
  });

  const fieldError = (key: string | undefined) => (key ? t(key) : undefined);
  const changeContact = (patch: Partial<ContactValues>) => {
    contact.change(patch);
    errors.changed(Object.keys(patch) as (keyof ContactValues)[]);
  };
  const generalError =
    errors.target("general") ??
    errors.target("lines") ??
    errors.target("card") ??
    (offerShown ? undefined : offerProblem) ??
    redirectFailure.message;

  return (
    <div className="container co-page">
      <CheckoutHead menuHref={menuHref} delivery={delivery} venueName={venue.name} />
      {/* Not a <form>: Enter in a field must never pay. */}
      <div className="co-layout">
        <div className="co-main">
          <CheckoutDetails
            scheme={slug}
            contact={contact}
            onContactChange={changeContact}
            fieldErrors={{ ...errors.fields, email: errors.fields.email ?? errors.target("email") }}
            orderType={orderType}
            venue={venue}
            timing={timing}
            timeError={
              fieldError(
                errors.fields.time && (timing.slotFull ? "checkout.time.full" : errors.fields.time),
              ) ?? errors.target("time")
            }
            onTimingChange={(asap, at) => {
              setTiming(asap, at);
              patchDetail({ is_asap: asap, preorder_for: asap ? null : at });
              errors.changed(["time"]);
            }}
            delivery={delivery}
            detail={detail}
            addressError={fieldError(errors.fields.address) ?? errors.target("address")}
            onAddressChange={() => setAddressOpen(true)}
            onNoteChange={(order_note) => patchDetail({ order_note })}
          />
          <CheckoutDiscounts
            {...discountProps({
              currency: scheme.currency,
              pricing,
              detail,
              patchDetail,
              errors,
              tipping,
              tipChoice,
              setTipChoice,
              rewards: contact.rewards,
              offers,
              choice: { loyaltyChoice, offerChoice, chooseLoyalty, chooseOffer },
              applied: { loyalty: quote.data?.loyalty_reward_id ?? -1, offer: quote.data?.reward_id ?? -1 },
              offerError: offerShown ? offerProblem : undefined,
              clearPayError: pay.clearError,
            })}
          />
          <CheckoutPayment
            payment={payment}
            businessSlug={slug}
            amount={pricing?.total ?? 0}
            currency={scheme.currency}
            returnUrl={returnUrl}
            disabled={pay.paying}
          />
        </div>
        <CheckoutAside
          lines={summary.lines}
          pricing={pricing}
          currency={scheme.currency}
          delivery={delivery}
          loyalty={scheme.loyalty.stamp_threshold > 0}
          settled={quote.settled}
          error={generalError}
          paying={pay.paying}
          undeliverable={undeliverable}
          disabled={
            pay.paying || basket.items.length === summary.excluded.size || (!quote.settled && !quote.error)
          }
          onRemoveLine={(index) => updateBasket((b) => setLineQty(b, index, 0))}
          onPay={() => void onPay()}
        />
      </div>
      {renderAddressDialog?.({ open: addressOpen, onClose: () => setAddressOpen(false) })}
    </div>
  );
}
