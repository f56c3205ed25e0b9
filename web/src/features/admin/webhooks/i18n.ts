import i18n from "@/i18n";

/**
 * The Webhooks page's texts are a catalogue part of their own
 * (i18n/webhooks/*.json, one lazy chunk per language), merged when the page
 * loads. Top-level key: webhooks.
 */
i18n.addPart("webhooks", async (language) =>
  language === "pl-PL"
    ? (await import("@/i18n/webhooks/pl-PL.json")).default
    : (await import("@/i18n/webhooks/en-US.json")).default,
);
