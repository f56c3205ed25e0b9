import { bindReact, createI18n } from "@/lib/i18n";
import { isAppLanguage, useGeneralStore, type AppLanguage } from "@/stores/general";

/**
 * Each catalogue is its own chunk, and only the chosen language's is fetched: at
 * start (in parallel with the route's chunks; rendering waits for it through
 * useTranslation's Suspense) or on switching. The catalogues outgrew "small":
 * bundling both cost every first load ~7 KB gzip of the menu page's 150 KB
 * budget. Both carry every text (catalogues.test.ts), so there is no fallback
 * language to fetch as well.
 */
const catalogues: Record<AppLanguage, () => Promise<{ default: object }>> = {
  "en-US": () => import("./en-US.json"),
  "pl-PL": () => import("./pl-PL.json"),
};

const i18n = createI18n({
  language: useGeneralStore.getState().language,
  load: async (language) => {
    if (!isAppLanguage(language)) throw new Error(`${language} is not a language of the app`);
    return (await catalogues[language]()).default;
  },
});

export const { useTranslation, Trans } = bindReact(i18n);

function applyDocumentLanguage(language: AppLanguage) {
  // Only a change is written: the first HTML already names the language, and
  // an attribute write from the entry's evaluation costs a style invalidation
  // whose recorded stack makes V8 re-parse the whole entry chunk (main.tsx).
  if (typeof document !== "undefined" && document.documentElement.lang !== language) {
    document.documentElement.lang = language;
  }
}

applyDocumentLanguage(useGeneralStore.getState().language);

// general.language is the source of truth; the shown language and <html lang> follow it.
useGeneralStore.subscribe((state, previous) => {
  if (state.language === previous.language) return;
  void i18n.changeLanguage(state.language);
  applyDocumentLanguage(state.language);
});

export default i18n;
