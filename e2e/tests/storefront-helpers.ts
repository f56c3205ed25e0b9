import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export type Lang = "en-US" | "pl-PL";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The texts the storefront tests look for, per interface language. */
export const T = {
  "en-US": {
    pickup: /Pickup/,
    delivery: /Delivery/,
    storesTitle: "Choose a store",
    orderHere: /Order here/,
    add: (title: string, price: string) => new RegExp(`^Add ${escape(title)} .*${escape(price)}`),
    remove: (title: string) => `Remove ${title} from the basket`,
    unavailable: (title: string) => new RegExp(`^${escape(title)} .*Unavailable`),
    chooseOptions: (title: string) => new RegExp(`^Choose options for ${escape(title)} `),
    addToBasket: /Add 1 to basket/,
    viewBasket: /View basket/,
    basketTitle: "Your basket",
    changeTitle: "Change the order type?",
    cancel: "Cancel",
    confirmChange: "Change and empty basket",
    search: "Search the menu",
    closed: "Closed",
    open: "Open",
    missingPatty: "Choose your patty: choose 1 more",
  },
  "pl-PL": {
    pickup: /Odbiór osobisty/,
    delivery: /Dostawa/,
    storesTitle: "Wybierz lokal",
    orderHere: /Zamów tutaj/,
    add: (title: string, price: string) => new RegExp(`^Dodaj ${escape(title)} .*${escape(price)}`),
    remove: (title: string) => `Usuń ${title} z koszyka`,
    unavailable: (title: string) => new RegExp(`^${escape(title)} .*Niedostępne`),
    chooseOptions: (title: string) => new RegExp(`^Wybierz opcje: ${escape(title)} `),
    addToBasket: /Dodaj 1 do koszyka/,
    viewBasket: /Zobacz koszyk/,
    basketTitle: "Twój koszyk",
    changeTitle: "Zmienić sposób odbioru?",
    cancel: "Anuluj",
    confirmChange: "Zmień i opróżnij koszyk",
    search: "Szukaj w menu",
    closed: "Zamknięte",
    open: "Otwarte",
    missingPatty: "Choose your patty: wybierz jeszcze 1",
  },
} as const;

/** Starts the app in a language (general.language, as the language switcher persists it). */
export async function useLanguage(page: Page, lang: Lang) {
  await page.addInitScript((language) => {
    if (!localStorage.getItem("general")) {
      const state = { page: "", language, lastVersion: 0, lastStringVersion: "" };
      localStorage.setItem("general", JSON.stringify({ state, version: 0 }));
    }
  }, lang);
}

/** Runs axe-core in the page; fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') forbids an inline tag.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResults> } })
      .axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    }
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
    });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => n.target),
      }));
  });
  expect(violations, `${label}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** The persisted basket lines of a venue. */
export async function basketItems(page: Page, scheme: string, venue: string) {
  return page.evaluate(
    ([s, v]) => {
      const state = JSON.parse(localStorage.getItem("venue") ?? "{}")?.state;
      return (state?.basket?.[s]?.[v]?.items ?? []) as { item_id: number; qty: number }[];
    },
    [scheme, venue],
  );
}
