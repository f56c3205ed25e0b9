import i18n from "@/i18n";

/**
 * The back office's texts are a catalogue part of their own (i18n/admin/*.json,
 * one lazy chunk per language), merged into the app's texts when the admin
 * route tree loads: the storefront never downloads them. The admin route
 * modules import this file, so the part is registered before anything renders.
 * Top-level keys: office.* (the shell), board.*; other admin features add
 * their own (team.*, outbox.*, venueControls.*) to the same two files.
 */
i18n.addPart("admin", async (language) =>
  language === "pl-PL"
    ? (await import("@/i18n/admin/pl-PL.json")).default
    : (await import("@/i18n/admin/en-US.json")).default,
);
