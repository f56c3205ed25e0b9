import i18n from "@/i18n";

/**
 * The Brand page's texts are a catalogue part of their own (i18n/brand/*.json,
 * one lazy chunk per language), merged when the page loads: neither the
 * storefront nor the rest of the back office downloads them. Top-level key: brand.
 */
i18n.addPart("brand", async (language) =>
  language === "pl-PL"
    ? (await import("@/i18n/brand/pl-PL.json")).default
    : (await import("@/i18n/brand/en-US.json")).default,
);
