import { describe, expect, it } from "vitest";
import { distanceKm, EARTH_RADIUS_KM, formatDistanceKm } from "./distance";
import i18n from "@/i18n";

describe("distance", () => {
  it("uses R = 6371 km", () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    // A quarter of a great circle.
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 90 })).toBeCloseTo((Math.PI / 2) * 6371, 6);
  });

  it("is zero for the same point and symmetric", () => {
    const soho = { lat: 51.5136, lng: -0.1365 };
    const shoreditch = { lat: 51.5265, lng: -0.0798 };
    expect(distanceKm(soho, soho)).toBe(0);
    expect(distanceKm(soho, shoreditch)).toBeCloseTo(distanceKm(shoreditch, soho), 10);
    expect(formatDistanceKm(distanceKm(soho, shoreditch))).toBe("4.18");
    expect(formatDistanceKm(distanceKm(soho, shoreditch), "pl-PL")).toBe("4,18");
  });

  it("London to Kraków with 2 decimals and the translated label", async () => {
    const km = distanceKm({ lat: 51.5074, lng: -0.1278 }, { lat: 50.0614, lng: 19.9366 });
    expect(formatDistanceKm(km)).toMatch(/^14\d\d\.\d\d$/);
    expect(formatDistanceKm(km, "pl-PL")).toMatch(/^14\d\d,\d\d$/);
    await i18n.changeLanguage("en-US");
    expect(i18n.t("distance.away", { distance: "1.50" })).toBe("1.50 KM away");
    await i18n.changeLanguage("pl-PL");
    expect(i18n.t("distance.away", { distance: "1.50" })).toBe("1.50 km stąd");
    await i18n.changeLanguage("en-US");
  });
});
