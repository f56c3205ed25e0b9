import i18n, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { isAppLanguage, LANGUAGES, useGeneralStore, type AppLanguage } from "@/stores/general";
/**
 * Each catalogue is its own chunk, and only the chosen language's is fetched: at
 * start (in parallel with the route's chunks; rendering waits for it through
 * react-i18next's Suspense) or on switching. The catalogues outgrew "small":
 * bundling both cost every first load ~7 KB gzip of the menu page's 150 KB
 * budget. The two have exactly the same keys (catalogues.test.ts), so there is
 * no fallback language to fetch as well.
 */
const catalogues: Record<AppLanguage, () => Promise<{ default: Record<string, unknown> }>> = {
  "en-US": () => import("./en-US.json"),
  "pl-PL": () => import("./pl-PL.json"),
};

const lazyBackend: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language, _namespace, callback) {
    if (!isAppLanguage(language)) return callback(null, {});
    catalogues[language]().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

void i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: useGeneralStore.getState().language,
    fallbackLng: false,
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
