import { describe, expect, it } from "vitest";
import { townLine } from "./address-line";

describe("an address's town line", () => {
  it("puts the town first in the UK and the postcode first in Poland", () => {
    expect(townLine({ city: "London", postcode: "W1D 3RW", country: "GB" })).toBe("London W1D 3RW");
    expect(townLine({ city: "Kraków", postcode: "31-019", country: "PL" })).toBe("31-019 Kraków");
  });

  it("goes by the postcode's shape when the country is not known, and leaves out what is missing", () => {
    expect(townLine({ city: "London", postcode: "ec2a 3du" })).toBe("London ec2a 3du");
    expect(townLine({ city: "Kraków", postcode: "31-019" })).toBe("31-019 Kraków");
    expect(townLine({ city: "London", country: "GB" })).toBe("London");
    expect(townLine({ postcode: "31-019", country: "PL" })).toBe("31-019");
    expect(townLine({})).toBe("");
  });
});
