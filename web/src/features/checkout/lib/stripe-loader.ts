/**
 * The one seam to Stripe.js. `@stripe/stripe-js/pure` injects
 * https://js.stripe.com only when loadStripe is called, and this module is
 * imported only by the checkout's Stripe section (itself inside the checkout
 * chunk), so neither the loader nor Stripe.js reaches the menu page's first
 * load. Tests replace this module with a fake Stripe.
 */
import type { Stripe, StripeConstructorOptions } from "@stripe/stripe-js";

export type { Stripe };

/** Stripe's locales for the app's languages (its own messages, a decline's included). */
export function stripeLocale(language: string): StripeConstructorOptions["locale"] {
  return language.startsWith("pl") ? "pl" : "en";
}

/** Loads Stripe.js once and returns Stripe for the publishable key (null when it cannot load). */
export async function loadStripeJs(publishableKey: string, language: string): Promise<Stripe | null> {
  const { loadStripe } = await import("@stripe/stripe-js/pure");
  return loadStripe(publishableKey, { locale: stripeLocale(language) });
}
