import i18n from "@/i18n";
import { describe, expect, it } from "vitest";
import { deliveryTermsText } from "./delivery-terms";

const own = { radius_m: 5000, fee: 299, free_over: 2500, minimum: 1200, asap_minutes: 35, zones: null };
const zoned = { ...own, zones: { fee_from: 150, fee_to: 300, minimum_from: 1000, minimum_to: 1500 } };

describe("what delivery costs, as the storefront says it", () => {
  it("the venue's own terms, the zones' from the cheapest, the address's once known; both languages", async () => {
    await i18n.loadLanguages(["en-US", "pl-PL"]);
    const en = i18n.translator("en-US");
    expect(deliveryTermsText({ delivery: own }, "GBP", en)).toEqual({
      fee: "£2.99",
      minimum: "£12.00",
      freeOver: "£25.00",
    });
    expect(deliveryTermsText({ delivery: zoned }, "GBP", en)).toEqual({
      fee: "from £1.50",
      minimum: "from £10.00",
      freeOver: null,
    });
    const same = { ...own, zones: { fee_from: 150, fee_to: 150, minimum_from: 1000, minimum_to: 1000 } };
    expect(deliveryTermsText({ delivery: same }, "GBP", en)).toMatchObject({
      fee: "£1.50",
      minimum: "£10.00",
    });
    // The address is in the £3.00 zone, free from £40.
    expect(
      deliveryTermsText({ delivery: zoned }, "GBP", en, { fee: 300, minimum: 1500, free_over: 4000 }),
    ).toEqual({ fee: "£3.00", minimum: "£15.00", freeOver: "£40.00" });
    const pl = deliveryTermsText({ delivery: zoned }, "PLN", i18n.translator("pl-PL"));
    expect(pl.fee.replace(/\s/g, " ")).toBe("od 1,50 zł");
  });
});
