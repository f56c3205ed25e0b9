import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, LANGUAGES, useGeneralStore, type AppLanguage } from "@/stores/general";
import enUS from "./en-US.json";
import plPL from "./pl-PL.json";

export const resources = {
  "en-US": { translation: enUS },
  "pl-PL": { translation: plPL },
} as const;

/** Both catalogues are small, so they ship in the main chunk (no loading flash on switch). */
void i18n.use(initReactI18next).init({
  resources,
  lng: useGeneralStore.getState().language,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyDocumentLanguage(language: AppLanguage) {
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

applyDocumentLanguage(useGeneralStore.getState().language);

// general.language is the source of truth; i18n and <html lang> follow it.
useGeneralStore.subscribe((state, previous) => {
  if (state.language === previous.language) return;
  void i18n.changeLanguage(state.language);
  applyDocumentLanguage(state.language);
});

export default i18n;
