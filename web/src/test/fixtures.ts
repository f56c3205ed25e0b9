import type { Scheme, SchemeSummary } from "@/lib/api/types";

export const burgersSummary: SchemeSummary = {
  business_slug: "demo-burgers",
  name: "Demo Burgers",
  logo_url: "",
  theme: 1,
  colour: "#e4002b",
  currency: "GBP",
};

export const pierogiSummary: SchemeSummary = {
  business_slug: "demo-pierogi",
  name: "Demo Pierogi",
  logo_url: "",
  theme: 0,
  colour: "#f5b700",
  currency: "PLN",
};

const colours = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`colour${i + 1}`, ""])) as Pick<
  Scheme,
  `colour${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16}`
>;

export const burgersScheme: Scheme = {
  ...burgersSummary,
  ...colours,
  colour1: "1a1a1a",
  country: "GB",
  languages: ["en-US"],
  loyalty: { stamp_threshold: 1000, stamps_per_reward: 8, reward_title: "Free burger" },
  stores: [],
};
