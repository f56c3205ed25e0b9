import { afterEach, describe, expect, it } from "vitest";
import i18n from "./index";

afterEach(() => i18n.changeLanguage("en-US"));

describe("the app's plural texts", () => {
  it("en-US: one for 1, other for the rest", async () => {
    await i18n.changeLanguage("en-US");
    expect([0, 1, 2, 5, 21].map((count) => i18n.t("menu.itemAtLeast", { count }))).toEqual([
      "Choose at least 0 options",
      "Choose at least 1 option",
      "Choose at least 2 options",
      "Choose at least 5 options",
      "Choose at least 21 options",
    ]);
    expect(i18n.t("menu.itemUpTo", { count: 1 })).toBe("Up to 1 option in total");
  });

  it("pl-PL: one (1), few (2–4, 22–24…, not 12–14), many (0, 5–21, 25…)", async () => {
    await i18n.changeLanguage("pl-PL");
    const upTo = (count: number) => i18n.t("menu.itemUpTo", { count }).replace("Łącznie maksymalnie ", "");
    expect([1, 2, 4, 5, 12, 14, 21, 22, 25, 0, 102, 112].map(upTo)).toEqual([
      "1 opcja",
      "2 opcje",
      "4 opcje",
      "5 opcji",
      "12 opcji",
      "14 opcji",
      "21 opcji",
      "22 opcje",
      "25 opcji",
      "0 opcji",
      "102 opcje",
      "112 opcji",
    ]);
    expect(i18n.t("menu.itemAtLeast", { count: 1 })).toBe("Wybierz co najmniej 1 opcję");
    expect(i18n.t("menu.itemAtLeast", { count: 3 })).toBe("Wybierz co najmniej 3 opcje");
    expect(i18n.t("menu.itemAtLeast", { count: 5 })).toBe("Wybierz co najmniej 5 opcji");
  });
});
