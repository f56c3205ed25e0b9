import { create } from "zustand";
import { persist } from "zustand/middleware";
import { pageScheme } from "./auth";
import { browserStorage, isRecord } from "./storage";

export const LANGUAGES = ["en-US", "pl-PL"] as const;
export type AppLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: AppLanguage = "en-US";

export function isAppLanguage(value: unknown): value is AppLanguage {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** An offer card (docs/product.md §1). */
export interface Offer {
  id: number;
  color: string;
  imageUrl: string;
  title: string;
  buttonText: string;
  buttonKind: number;
}

/**
 * The language to start a scheme in (issue 18: a pl-PL browser on a Polish-first
 * scheme started in English): the first of the browser's languages the scheme
 * offers (by exact tag, then by primary language: "pl" matches "pl-PL"), else
 * the scheme's first; only languages of the app count.
 */
export function pickLanguage(
  schemeLanguages: readonly string[],
  browserLanguages: readonly string[],
): AppLanguage {
  const offered = schemeLanguages.filter(isAppLanguage);
  const primary = (tag: string) => tag.toLowerCase().split("-")[0];
  for (const wanted of browserLanguages) {
    const exact = offered.find((l) => l.toLowerCase() === wanted.toLowerCase());
    if (exact) return exact;
    const near = offered.find((l) => primary(l) === primary(wanted));
    if (near) return near;
  }
  return offered[0] ?? DEFAULT_LANGUAGE;
}

/** The browser's languages, most wanted first. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

export interface GeneralState {
  page: string;
  /** The language shown now: the current scheme's (languages), or the last one outside a scheme. */
  language: AppLanguage;
  /**
   * Each scheme's chosen language, by business_slug (issue 18: a choice made on
   * one scheme no longer leaks into another): entering a scheme shows its own
   * remembered choice, else its language for this browser (pickLanguage).
   */
  languages: Record<string, AppLanguage>;
  /** The scheme entered last (adoptSchemeLanguage), whose choice setLanguage records. Not persisted. */
  scheme: string | null;
  offers: Offer[];
  /** -1 means no reward selected. */
  selectedRewardId: number;
  lastVersion: number;
  lastStringVersion: string;
  /** The customer's choice, remembered for the current scheme (the page's, else the one entered). */
  setLanguage: (language: AppLanguage) => void;
  /** Entering a scheme: its remembered choice, else its language for this browser (pickLanguage). */
  adoptSchemeLanguage: (
    scheme: string,
    schemeLanguages: readonly string[],
    browserLanguages: readonly string[],
  ) => void;
  setPage: (page: string) => void;
  setOffers: (offers: Offer[]) => void;
  setSelectedRewardId: (id: number) => void;
  setVersions: (lastVersion: number, lastStringVersion: string) => void;
}

export const NO_REWARD = -1;

/** What docs/product.md §3 persists under "general". */
export type PersistedGeneral = Pick<
  GeneralState,
  "page" | "language" | "languages" | "lastVersion" | "lastStringVersion"
>;

/** The key in `languages` of a choice made before choices were per scheme (version 1): every scheme's. */
export const EVERY_SCHEME = "*";

/** 2: languages per scheme (version 1 had one language for every scheme). */
export const GENERAL_STORE_VERSION = 2;

export const useGeneralStore = create<GeneralState>()(
  persist(
    (set, get) => ({
      page: "",
      language: DEFAULT_LANGUAGE,
      languages: {},
      scheme: null,
      offers: [],
      selectedRewardId: NO_REWARD,
      lastVersion: 0,
      lastStringVersion: "",
      setLanguage: (language) => {
        const scheme = pageScheme() ?? get().scheme;
        set({ language, languages: scheme ? { ...get().languages, [scheme]: language } : get().languages });
      },
      adoptSchemeLanguage: (scheme, schemeLanguages, browserLanguages) => {
        const { languages } = get();
        const language =
          languages[scheme] ?? languages[EVERY_SCHEME] ?? pickLanguage(schemeLanguages, browserLanguages);
        if (language !== get().language || scheme !== get().scheme) set({ language, scheme });
      },
      setPage: (page) => set({ page }),
      setOffers: (offers) => set({ offers }),
      setSelectedRewardId: (selectedRewardId) => set({ selectedRewardId }),
      setVersions: (lastVersion, lastStringVersion) => set({ lastVersion, lastStringVersion }),
    }),
    {
      name: "general",
      storage: browserStorage<PersistedGeneral>(),
      version: GENERAL_STORE_VERSION,
      migrate: (persisted, version) => migrateGeneral(persisted, version),
      // docs/product.md §3: offers and the selected reward are not persisted.
      partialize: ({ page, language, languages, lastVersion, lastStringVersion }) => ({
        page,
        language,
        languages,
        lastVersion,
        lastStringVersion,
      }),
      merge: (persisted, current) => ({ ...current, ...migrateGeneral(persisted, GENERAL_STORE_VERSION) }),
    },
  ),
);

/**
 * The persisted settings of any earlier version as the current shape. Versions
 * 0 and 1 kept one language for every scheme (a stored one counted as chosen):
 * it stays the choice of every scheme without its own (EVERY_SCHEME), so an
 * upgrade changes no one's language, while a choice made from now on is the
 * scheme's alone. An unknown language falls back to the default and anything
 * outside docs/product.md §3's persisted fields is dropped.
 */
export function migrateGeneral(persisted: unknown, version: number): PersistedGeneral {
  const state = isRecord(persisted) ? persisted : {};
  const language = isAppLanguage(state.language) ? state.language : DEFAULT_LANGUAGE;
  const languages: Record<string, AppLanguage> = {};
  if (version < 2) {
    if (isAppLanguage(state.language)) languages[EVERY_SCHEME] = state.language;
  } else if (isRecord(state.languages)) {
    for (const [slug, chosen] of Object.entries(state.languages)) {
      if (isAppLanguage(chosen)) languages[slug] = chosen;
    }
  }
  return {
    page: typeof state.page === "string" ? state.page : "",
    language,
    languages,
    lastVersion: typeof state.lastVersion === "number" ? state.lastVersion : 0,
    lastStringVersion: typeof state.lastStringVersion === "string" ? state.lastStringVersion : "",
  };
}
