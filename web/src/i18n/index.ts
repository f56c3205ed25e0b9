import { inlineScheme } from "@/lib/api/get-scheme";
import { bindReact, createI18n } from "@/lib/i18n";
import {
  EVERY_SCHEME,
  browserLanguages,
  isAppLanguage,
  useGeneralStore,
  type AppLanguage,
} from "@/stores/general";

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

/**
 * A first visit to a scheme's page starts in the scheme's language for this
 * browser (the scheme's answer is in the page), so its catalogue is the one
 * fetched and nothing is painted in another language first. The route loader
 * does the same for a scheme entered later (app/routes/loaders.ts).
 */
function adoptPageSchemeLanguage() {
  if (typeof location === "undefined") return;
  const slug = location.pathname.split("/")[1];
  if (!slug) return;
  let name, scheme;
  try {
    name = decodeURIComponent(slug);
    scheme = inlineScheme(name);
  } catch {
    return; // a malformed path: the router says not found
  }
  if (!scheme) {
    // A page without the scheme's answer (the back office): the choice made on this scheme, if any.
    const { languages } = useGeneralStore.getState();
    const chosen = languages[name] ?? languages[EVERY_SCHEME];
    if (chosen) useGeneralStore.setState({ language: chosen, scheme: name });
    return;
  }
  const { business_slug, languages } = scheme.payload;
  useGeneralStore.getState().adoptSchemeLanguage(business_slug, languages, browserLanguages());
}

adoptPageSchemeLanguage();

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
