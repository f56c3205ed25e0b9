import { flatten, template, translate, type Messages, type Values } from "./translate";

export type Translate = (key: string, values?: Values) => string;

/** Fetches a language's catalogue (nested JSON), e.g. a dynamic import of its own chunk. */
export type CatalogueLoader = (language: string) => Promise<object>;

export interface I18n {
  /** The language shown: it changes only once its catalogue is loaded. */
  readonly language: string;
  /** The translator of the shown language. */
  readonly t: Translate;
  /** A translator bound to `language`; the same function each time, so it can be a memo dependency. */
  translator(language: string): Translate;
  /** The untranslated template of `key` in `language` (plural form chosen, placeholders left), if any. */
  template(language: string, key: string, values?: Values): string | undefined;
  /** Whether `language`'s catalogue is here (rendering in it need not wait). */
  isLoaded(language: string): boolean;
  /** Loads `language`'s catalogue once: the same promise for every caller, ever (React's `use` can read it). */
  load(language: string): Promise<void>;
  loadLanguages(languages: readonly string[]): Promise<void>;
  /** Loads the catalogue, then shows `language`; the last call wins when several overlap. */
  changeLanguage(language: string): Promise<void>;
  /** Called after each change of the shown language. */
  subscribe(listener: () => void): () => void;
  /**
   * Registers a further catalogue (e.g. the back office's, a lazy chunk of its
   * own so the storefront never downloads it), merged into each language's
   * texts. From then on `load(language)` waits for it too.
   */
  addPart(name: string, load: CatalogueLoader): void;
}

/**
 * The app's translations: one language shown at a time, each catalogue fetched
 * on first use. A catalogue that fails to load counts as empty (keys show
 * through) rather than breaking every screen, as i18next did before.
 */
export function createI18n(options: { language: string; load: CatalogueLoader }): I18n {
  let language = options.language;
  let requested = language;
  const catalogues = new Map<string, Messages>();
  /** Each part's flattened texts per language ("" is the main catalogue). */
  const partTexts = new Map<string, Map<string, Messages>>();
  const parts = new Map<string, CatalogueLoader>([["", options.load]]);
  const loadingPart = new Map<string, Promise<void>>();
  const loading = new Map<string, Promise<void>>();
  const translators = new Map<string, Translate>();
  const listeners = new Set<() => void>();

  function loadPart(name: string, loader: CatalogueLoader, lang: string): Promise<void> {
    const key = `${name}\u0000${lang}`;
    let pending = loadingPart.get(key);
    if (!pending) {
      const store = (messages: Messages) => {
        const texts = partTexts.get(lang) ?? new Map<string, Messages>();
        texts.set(name, messages);
        partTexts.set(lang, texts);
        // The main catalogue first, then each part in the order registered.
        const merged: Record<string, string> = {};
        for (const part of parts.keys()) Object.assign(merged, texts.get(part) ?? {});
        catalogues.set(lang, merged);
      };
      pending = loader(lang).then(
        (tree) => store(flatten(tree)),
        (error: unknown) => {
          console.error(`the ${lang} catalogue${name ? ` ${name}` : ""} did not load`, error);
          store({});
        },
      );
      loadingPart.set(key, pending);
    }
    return pending;
  }

  function load(lang: string): Promise<void> {
    // One promise per language and set of parts: React's `use` needs the same one each render.
    const key = `${lang}\u0000${[...parts.keys()].join("\u0000")}`;
    let pending = loading.get(key);
    if (!pending) {
      pending = settledInPlace(
        Promise.all([...parts].map(([name, loader]) => loadPart(name, loader, lang))).then(() => undefined),
      );
      loading.set(key, pending);
    }
    return pending;
  }

  function translator(lang: string): Translate {
    let t = translators.get(lang);
    if (!t) {
      t = (key, values) => translate(catalogues.get(lang) ?? {}, lang, key, values);
      translators.set(lang, t);
    }
    return t;
  }

  async function changeLanguage(lang: string) {
    requested = lang;
    await load(lang);
    if (requested !== lang || language === lang) return;
    language = lang;
    for (const listener of [...listeners]) listener();
  }

  void load(language); // at start, in parallel with the route's chunks

  return {
    get language() {
      return language;
    },
    get t() {
      return translator(language);
    },
    translator,
    template: (lang, key, values) => template(catalogues.get(lang) ?? {}, lang, key, values),
    isLoaded: (lang) => [...parts.keys()].every((name) => partTexts.get(lang)?.has(name)),
    load,
    loadLanguages: async (languages) => void (await Promise.all(languages.map(load))),
    changeLanguage,
    addPart(name, loader) {
      if (name === "" || parts.has(name)) return;
      parts.set(name, loader);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * The promise, marked with its outcome the way React's `use` reads it
 * (status/value, as TanStack Query's thenables do): once settled, `use` returns
 * at once instead of suspending for a tick, so it can be called on every render.
 */
function settledInPlace(promise: Promise<void>): Promise<void> {
  const marked = promise as Promise<void> & { status?: string; value?: undefined };
  marked.status = "pending";
  void promise.then(() => {
    marked.status = "fulfilled";
    marked.value = undefined;
  });
  return marked;
}
