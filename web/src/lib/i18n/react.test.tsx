import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { bindReact } from "./react";
import { createI18n } from "./runtime";

const trees: Record<string, object> = {
  "en-US": {
    items_one: "{{count}} item",
    items_other: "{{count}} items",
    sent: "We have sent a code to <strong>{{email}}</strong>. Enter it below.",
  },
  "pl-PL": {
    items_one: "{{count}} pozycja",
    items_few: "{{count}} pozycje",
    items_many: "{{count}} pozycji",
    items_other: "{{count}} pozycji",
    sent: "Wysłaliśmy kod na adres <strong>{{email}}</strong>. Wpisz go poniżej.",
  },
};

function setup() {
  let releaseFirst = () => {};
  const first = new Promise<void>((resolve) => (releaseFirst = resolve));
  const i18n = createI18n({
    language: "en-US",
    load: async (language) => {
      if (language === "en-US") await first;
      return trees[language] ?? {};
    },
  });
  const { useTranslation, Trans } = bindReact(i18n);
  function Count({ n }: { n: number }) {
    const { t } = useTranslation();
    return <p data-testid="count">{t("items", { count: n })}</p>;
  }
  return { i18n, Trans, Count, releaseFirst };
}

describe("bindReact", () => {
  it("waits for the first catalogue (Suspense), then renders, and re-renders on a language switch", async () => {
    const { i18n, Count, releaseFirst } = setup();
    // An awaited act: React only retries a render suspended inside act when the act is awaited.
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading…</p>}>
          <Count n={22} />
        </Suspense>,
      );
    });
    expect(screen.getByText("Loading…")).toBeTruthy();
    await act(async () => {
      releaseFirst();
      await i18n.load("en-US");
    });
    expect(screen.getByTestId("count").textContent).toBe("22 items");
    await act(() => i18n.changeLanguage("pl-PL"));
    expect(screen.getByTestId("count").textContent).toBe("22 pozycje");
    await act(() => i18n.changeLanguage("en-US"));
    expect(screen.getByTestId("count").textContent).toBe("22 items");
  });

  it("Trans renders the message's tags as the given elements and a value only ever as text", async () => {
    const { i18n, Trans, releaseFirst } = setup();
    releaseFirst();
    await i18n.load("en-US");
    const { container } = render(
      <p>
        <Trans i18nKey="sent" values={{ email: "<b>a@b.pl</b>" }} components={{ strong: <strong /> }} />
      </p>,
    );
    expect(container.innerHTML).toBe(
      "<p>We have sent a code to <strong>&lt;b&gt;a@b.pl&lt;/b&gt;</strong>. Enter it below.</p>",
    );
    await act(() => i18n.changeLanguage("pl-PL"));
    expect(container.querySelector("strong")?.textContent).toBe("<b>a@b.pl</b>");
    expect(container.textContent).toBe("Wysłaliśmy kod na adres <b>a@b.pl</b>. Wpisz go poniżej.");
  });
});
