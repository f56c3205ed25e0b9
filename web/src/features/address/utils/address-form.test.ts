import { describe, expect, it } from "vitest";
import {
  SILENT,
  addressFormSchema,
  contactNumber,
  emptyAddressForm,
  formFromPlace,
  toDeliveryAddress,
} from "./address-form";

function issues(values: Record<string, unknown>) {
  const result = addressFormSchema.safeParse({ ...emptyAddressForm(), ...values });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

const valid = {
  line1: "1 Dean Street",
  city: "London",
  postcode: "W1D 3RB",
  country: "GB",
  phoneCountry: "GB",
  phone: "7911 123456",
  email: "ann@example.com",
  name: "Home",
};

describe("addressFormSchema (docs/product.md §5)", () => {
  it("lists every required field with its docs/product.md message key", () => {
    expect(issues({ phoneCountry: "GB" })).toEqual({
      line1: "validation.streetRequired",
      city: "validation.cityRequired",
      postcode: "validation.postcodeRequired",
      country: "validation.countryRequired",
      phone: "validation.phoneRequired",
      email: "validation.emailRequired",
      name: "validation.addressNameRequired",
    });
  });

  it("treats blanks as missing and leaves flat/building optional", () => {
    expect(issues({ ...valid, line1: "   ", line2: "" })).toEqual({ line1: "validation.streetRequired" });
    expect(issues(valid)).toEqual({});
  });

  it("checks the e-mail pattern only once something is typed", () => {
    expect(issues({ ...valid, email: "ann@" })).toEqual({ email: "validation.emailInvalid" });
    expect(issues({ ...valid, email: "ann@localhost" })).toEqual({ email: "validation.emailInvalid" });
    expect(issues({ ...valid, email: "" })).toEqual({ email: "validation.emailRequired" });
  });

  it("requires a country code without a message of its own", () => {
    expect(issues({ ...valid, phoneCountry: "" })).toEqual({ phoneCountry: SILENT });
  });
});

describe("form helpers", () => {
  const detail = {
    place_id: "x",
    formatted_address: "Kraków, Poland",
    line_1: "",
    city: "Kraków",
    postcode: "",
    country: "PL" as const,
    lat: 50.06,
    lng: 19.94,
  };

  it("prefills from a place and sets the phone prefix from its country", () => {
    const form = formFromPlace(detail, "a@b.pl");
    expect(form).toMatchObject({ city: "Kraków", country: "PL", phoneCountry: "PL", email: "a@b.pl" });
    expect([form.latitude, form.longitude]).toEqual([50.06, 19.94]);
  });

  it("joins the dial code and the number", () => {
    expect(contactNumber("GB", " 12 ")).toBe("+44 12");
    expect(contactNumber("KY", "5551234")).toBe("+1345 5551234");
  });

  it("builds the delivery address of docs/product.md §3", () => {
    const values = {
      ...emptyAddressForm(),
      ...valid,
      note: " ring twice ",
      latitude: 51.5,
      longitude: -0.13,
    };
    expect(toDeliveryAddress(values, "+447911123456")).toEqual({
      line1: "1 Dean Street",
      line2: "",
      city: "London",
      country: "GB",
      postcode: "W1D 3RB",
      contact_number: "+447911123456",
      email: "ann@example.com",
      note: "ring twice",
      name: "Home",
      latitude: 51.5,
      longitude: -0.13,
    });
  });
});
