import i18n from "@/i18n";

/**
 * The Customers pages' texts are a catalogue part of their own
 * (i18n/customers/*.json, one lazy chunk per language), merged when a page
 * loads. Top-level key: customers.
 */
i18n.addPart("customers", async (language) =>
  language === "pl-PL"
    ? (await import("@/i18n/customers/pl-PL.json")).default
    : (await import("@/i18n/customers/en-US.json")).default,
);
