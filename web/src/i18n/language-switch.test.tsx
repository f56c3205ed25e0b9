import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useGeneralStore } from "@/stores/general";
import i18n, { Trans, useTranslation } from "./index";

/** Resolves once the shown language is `language` (a switch waits for its catalogue). */
function shown(language: string) {
  return new Promise<void>((resolve) => {
    if (i18n.language === language) return resolve();
    const stop = i18n.subscribe(() => {
      if (i18n.language !== language) return;
      stop();
      resolve();
    });
  });
}

function Sample({ limit }: { limit: number }) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("basket.title")}</h1>
      <p data-testid="limit">{t("menu.itemUpTo", { count: limit })}</p>
      <p data-testid="verify">
        <Trans
          i18nKey="auth.verifySubtitle"
          values={{ email: "anna@example.com" }}
          components={{ strong: <strong /> }}
        />
      </p>
    </>
  );
}

afterEach(async () => {
  useGeneralStore.getState().setLanguage("en-US");
  await shown("en-US");
});

describe("switching the language", () => {
  it("re-renders every text, plural forms and markup included, and sets <html lang>, from the general store", async () => {
    render(<Sample limit={22} />);
    expect(screen.getByRole("heading").textContent).toBe("Your basket");
    expect(screen.getByTestId("limit").textContent).toBe("Up to 22 options in total");

    await act(async () => {
      useGeneralStore.getState().setLanguage("pl-PL");
      await shown("pl-PL");
    });
    expect(document.documentElement.lang).toBe("pl-PL");
    expect(screen.getByRole("heading").textContent).toBe("Twój koszyk");
    expect(screen.getByTestId("limit").textContent).toBe("Łącznie maksymalnie 22 opcje");
    expect(screen.getByTestId("verify").querySelector("strong")?.textContent).toBe("anna@example.com");
    expect(screen.getByTestId("verify").textContent).toMatch(
      /^Wysłaliśmy 6-cyfrowy kod na adres anna@example.com\./,
    );

    await act(async () => {
      useGeneralStore.getState().setLanguage("en-US");
      await shown("en-US");
    });
    expect(document.documentElement.lang).toBe("en-US");
    expect(screen.getByTestId("limit").textContent).toBe("Up to 22 options in total");
  });
});
