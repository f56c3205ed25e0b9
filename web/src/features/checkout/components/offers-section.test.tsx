import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import i18n from "@/i18n";
import { OffersSection } from "./offers-section";

const auto = {
  id: 1,
  title: "£5 off orders of £40 or more",
  color: "#e85d04",
  image_url: "",
  button_text: "Applied automatically",
  button_kind: 0,
  reward_id: 11,
  min_spend: 4000,
} as const;
const claim = {
  ...auto,
  id: 2,
  title: "Fries on us",
  button_text: "Claim",
  button_kind: 1,
  reward_id: 12,
} as const;

beforeEach(async () => {
  await i18n.changeLanguage("en-US");
});

describe("offer cards (issue 18)", () => {
  it("an AUTO_APPLY card says the scheme's button_text until it is applied", () => {
    const { rerender } = render(
      <OffersSection offers={[auto, claim]} applied={-1} selected={-1} onSelect={() => {}} />,
    );
    expect(screen.getByTestId("offer-status").textContent).toBe("Applied automatically");
    expect(screen.getByRole("button", { name: "Claim" })).toBeTruthy();
    rerender(<OffersSection offers={[auto, claim]} applied={11} selected={-1} onSelect={() => {}} />);
    expect(screen.getByTestId("offer-status").textContent).toBe("Applied to this order");
  });

  it("falls back to the app's words when the scheme gave none", () => {
    render(
      <OffersSection
        offers={[{ ...auto, button_text: "" }]}
        applied={-1}
        selected={-1}
        onSelect={() => {}}
      />,
    );
    expect(screen.getByTestId("offer-status").textContent).toBe(
      "Applies by itself when your order qualifies",
    );
  });
});
