import i18n from "@/i18n";

/**
 * The driver view's texts are a catalogue part of their own (i18n/driver/*.json,
 * one lazy chunk per language), merged when the driver route tree loads: the
 * storefront never downloads them. Top-level key: driverApp.
 */
i18n.addPart("driver", async (language) =>
  language === "pl-PL"
    ? (await import("@/i18n/driver/pl-PL.json")).default
    : (await import("@/i18n/driver/en-US.json")).default,
);
