import { create } from "zustand";
import { persist } from "zustand/middleware";
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
  language: AppLanguage;
  /**
   * The language was chosen (the language switcher) or stored by an earlier
   * visit: entering a scheme keeps it. Not persisted (being stored is the point).
   */
  languageSet: boolean;
  offers: Offer[];
  /** -1 means no reward selected. */
  selectedRewardId: number;
  lastVersion: number;
  lastStringVersion: string;
  setLanguage: (language: AppLanguage) => void;
  /** Entering a scheme: its language for this browser (pickLanguage), unless one was set. */
  adoptSchemeLanguage: (schemeLanguages: readonly string[], browserLanguages: readonly string[]) => void;
  setPage: (page: string) => void;
  setOffers: (offers: Offer[]) => void;
  setSelectedRewardId: (id: number) => void;
  setVersions: (lastVersion: number, lastStringVersion: string) => void;
}

export const NO_REWARD = -1;

/** What docs/product.md §3 persists under "general". */
export type PersistedGeneral = Pick<GeneralState, "page" | "language" | "lastVersion" | "lastStringVersion">;

export const GENERAL_STORE_VERSION = 1;

export const useGeneralStore = create<GeneralState>()(
  persist(
    (set, get) => ({
      page: "",
      language: DEFAULT_LANGUAGE,
      languageSet: false,
      offers: [],
      selectedRewardId: NO_REWARD,
      lastVersion: 0,
      lastStringVersion: "",
      setLanguage: (language) => set({ language, languageSet: true }),
      adoptSchemeLanguage: (schemeLanguages, browserLanguages) => {
        if (get().languageSet) return;
        const language = pickLanguage(schemeLanguages, browserLanguages);
        if (language !== get().language) set({ language });
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
      partialize: ({ page, language, lastVersion, lastStringVersion }) => ({
        page,
        language,
        lastVersion,
        lastStringVersion,
      }),
      merge: (persisted, current) => ({
        ...current,
        ...migrateGeneral(persisted, GENERAL_STORE_VERSION),
        languageSet: isRecord(persisted) && isAppLanguage(persisted.language),
      }),
    },
  ),
);

/**
 * The persisted settings of any earlier version as the current shape: version
 * 0 had the same four fields; an unknown language falls back to the default
 * and anything outside docs/product.md §3's persisted fields is dropped.
 */
export function migrateGeneral(persisted: unknown, version: number): PersistedGeneral {
  void version; // version 0 had the same fields
  const state = isRecord(persisted) ? persisted : {};
  return {
    page: typeof state.page === "string" ? state.page : "",
    language: isAppLanguage(state.language) ? state.language : DEFAULT_LANGUAGE,
    lastVersion: typeof state.lastVersion === "number" ? state.lastVersion : 0,
    lastStringVersion: typeof state.lastStringVersion === "string" ? state.lastStringVersion : "",
  };
}
