import i18n from "@/i18n";

/**
 * The Promotions page' texts are a catalogue part of their own
 * (i18n/promotions/*.json, one lazy chunk per language), merged when a page
 * loads. Top-level key: promotions.
 */
i18n.addPart("promotions", async (language) =>
  language === "pl-PL"
    ? (await import("@/i18n/promotions/pl-PL.json")).default
    : (await import("@/i18n/promotions/en-US.json")).default,
);
