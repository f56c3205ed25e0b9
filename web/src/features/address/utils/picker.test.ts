import { describe, expect, it } from "vitest";
import type { SavedAddress } from "../types";
import { formatAddress, initialSelection, pickerAction, savedToDelivery } from "./picker";

const saved = (id: number): SavedAddress => ({
  id,
  name: `A${id}`,
  line_1: "1 Dean Street",
  line_2: "Flat 2",
  city: "London",
  country: "GB",
  postcode: "W1D 3RB",
  lat: 51.5,
  lng: -0.13,
  contact_number: "+447911123456",
  email: "a@example.com",
  note: "",
});

describe("pickerAction (docs/product.md §2)", () => {
  it.each([
    [true, 1, "address.save", true],
    [true, 2, "address.save", false],
    [false, 2, "address.continue", false],
    [false, 5, "address.continue", false],
    [false, 1, "address.goToMenu", true],
    [false, 0, "address.goToMenu", false],
  ])("default selection %s, %i stores → %s (menu icon %s)", (defaultSelection, stores, label, icon) => {
    expect(pickerAction(defaultSelection, stores)).toMatchObject({ labelKey: label, showMenuIcon: icon });
  });
});

describe("initialSelection", () => {
  it("preselects a single saved address", () => {
    expect(initialSelection([saved(7)], null)).toBe(7);
  });
  it("keeps the recorded choice when it is still listed", () => {
    expect(initialSelection([saved(1), saved(2)], 2)).toBe(2);
    expect(initialSelection([saved(1), saved(2)], 9)).toBeNull();
    expect(initialSelection([], null)).toBeNull();
  });
});

describe("saved addresses", () => {
  it("maps line_1/lat/lng onto the delivery address fields", () => {
    expect(savedToDelivery(saved(1))).toMatchObject({
      line1: "1 Dean Street",
      line2: "Flat 2",
      latitude: 51.5,
      longitude: -0.13,
    });
  });
  it("formats one line", () => {
    expect(formatAddress(savedToDelivery(saved(1)))).toBe("1 Dean Street, Flat 2, London W1D 3RB, GB");
    expect(formatAddress(savedToDelivery(saved(1)), "en-US")).toBe(
      "1 Dean Street, Flat 2, London W1D 3RB, United Kingdom",
    );
    expect(formatAddress({ ...savedToDelivery(saved(1)), country: "PL" }, "pl-PL")).toMatch(/, Polska$/);
  });
});
