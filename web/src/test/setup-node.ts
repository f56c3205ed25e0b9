import { beforeAll } from "vitest";
import i18n from "@/i18n";

// The catalogues are lazy chunks in the app; tests get both up front so that
// translations and language switches never wait on them.
beforeAll(async () => {
  await i18n.loadLanguages(["en-US", "pl-PL"]);
  await i18n.changeLanguage("en-US");
});
