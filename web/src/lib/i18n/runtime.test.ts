import { describe, expect, it, vi } from "vitest";
import { createI18n } from "./runtime";

const trees: Record<string, object> = {
  "en-US": { hello: "Hello {{name}}", items_one: "{{count}} item", items_other: "{{count}} items" },
  "pl-PL": {
    hello: "Cześć {{name}}",
    items_one: "{{count}} pozycja",
    items_few: "{{count}} pozycje",
    items_many: "{{count}} pozycji",
    items_other: "{{count}} pozycji",
  },
};

/** A loader whose answers the test releases, to see what happens while a catalogue is on its way. */
function gatedLoader() {
  const gates = new Map<string, () => void>();
  const load = vi.fn(
    (language: string) =>
      new Promise<object>((resolve, reject) => {
        gates.set(language, () => (trees[language] ? resolve(trees[language]) : reject(new Error("404"))));
      }),
  );
  const release = async (language: string) => {
    gates.get(language)?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { load, release };
}

describe("createI18n", () => {
  it("fetches the starting language's catalogue at once, and each catalogue only once", async () => {
    const { load, release } = gatedLoader();
    const i18n = createI18n({ language: "en-US", load });
    expect(load).toHaveBeenCalledWith("en-US");
    expect(i18n.isLoaded("en-US")).toBe(false);
    await release("en-US");
    expect(i18n.t("hello", { name: "Anna" })).toBe("Hello Anna");
    void i18n.load("pl-PL");
    void i18n.load("pl-PL");
    await i18n.load("en-US");
    expect(load.mock.calls.map(([language]) => language)).toEqual(["en-US", "pl-PL"]);
  });

  it("keeps showing the old language until the new catalogue is here, then tells its subscribers", async () => {
    const { load, release } = gatedLoader();
    const i18n = createI18n({ language: "en-US", load });
    await release("en-US");
    const listener = vi.fn();
    i18n.subscribe(listener);
    const switched = i18n.changeLanguage("pl-PL");
    expect(i18n.language).toBe("en-US");
    expect(i18n.t("items", { count: 2 })).toBe("2 items");
    await release("pl-PL");
    await switched;
    expect(i18n.language).toBe("pl-PL");
    expect(listener).toHaveBeenCalledTimes(1);
    expect([1, 2, 5, 22, 25].map((count) => i18n.t("items", { count }))).toEqual([
      "1 pozycja",
      "2 pozycje",
      "5 pozycji",
      "22 pozycje",
      "25 pozycji",
    ]);
    // A translator stays bound to its language, and is the same function each time.
    expect(i18n.translator("en-US")("items", { count: 1 })).toBe("1 item");
    expect(i18n.translator("pl-PL")).toBe(i18n.t);
  });

  it("shows the language asked for last when switches overlap", async () => {
    const { load, release } = gatedLoader();
    const i18n = createI18n({ language: "en-US", load });
    await release("en-US");
    const toPolish = i18n.changeLanguage("pl-PL");
    const backToEnglish = i18n.changeLanguage("en-US");
    await backToEnglish;
    await release("pl-PL");
    await toPolish;
    expect(i18n.language).toBe("en-US");
  });

  it("shows keys, not a broken page, when a catalogue cannot be fetched", async () => {
    const { load, release } = gatedLoader();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const i18n = createI18n({ language: "de-DE", load });
    await release("de-DE");
    expect(i18n.isLoaded("de-DE")).toBe(true);
    expect(i18n.t("hello", { name: "Anna" })).toBe("hello");
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it("stops telling a listener once it unsubscribed", async () => {
    const i18n = createI18n({ language: "en-US", load: async (language) => trees[language] ?? {} });
    const listener = vi.fn();
    const unsubscribe = i18n.subscribe(listener);
    await i18n.changeLanguage("pl-PL");
    unsubscribe();
    await i18n.changeLanguage("en-US");
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe("createI18n parts", () => {
  it("merges a part registered later into each language, and load waits for it", async () => {
    const i18n = createI18n({ language: "en-US", load: async (lang) => trees[lang] ?? {} });
    await i18n.load("en-US");
    expect(i18n.t("board")).toBe("board");
    let release = () => {};
    const part = vi.fn((lang: string) =>
      lang === "en-US"
        ? new Promise<object>((resolve) => {
            release = () => resolve({ board: "Board", hello: "Hi {{name}}" });
          })
        : Promise.resolve({ board: "Tablica" }),
    );
    i18n.addPart("admin", part);
    expect(i18n.isLoaded("en-US")).toBe(false);
    const pending = i18n.load("en-US");
    expect(i18n.load("en-US")).toBe(pending); // the same promise each time (React's use)
    release();
    await pending;
    expect(i18n.isLoaded("en-US")).toBe(true);
    expect(i18n.t("board")).toBe("Board");
    // A part is merged after the main catalogue (a repeated key is the part's).
    expect(i18n.t("hello", { name: "Anna" })).toBe("Hi Anna");
    await i18n.changeLanguage("pl-PL");
    expect(part).toHaveBeenCalledWith("pl-PL");
    expect(i18n.t("board")).toBe("Tablica");
    expect(i18n.t("items", { count: 3 })).toBe("3 pozycje");
  });
});
