import { describe, expect, it } from "vitest";
import enUS from "@/i18n/en-US.json";
import plPL from "@/i18n/pl-PL.json";
import {
  codeField,
  emailField,
  fullContactNumber,
  newPasswordField,
  resetPasswordVerifySchema,
  signInSchema,
  signUpSchema,
} from "./schemas";

/** The first message of each failing field, as react-hook-form shows them. */
function firstErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join(".");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

const lookup = (catalogue: unknown, key: string) =>
  key.split(".").reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], catalogue);

describe("email", () => {
  it("is required, then must look like an address (docs/product.md §5)", () => {
    expect(firstErrors(emailField.safeParse(""))).toEqual({ "": "validation.emailRequired" });
    expect(firstErrors(emailField.safeParse("   "))).toEqual({ "": "validation.emailRequired" });
    expect(firstErrors(emailField.safeParse("anna@"))).toEqual({ "": "validation.emailInvalid" });
    expect(firstErrors(emailField.safeParse("anna example.com"))).toEqual({ "": "validation.emailInvalid" });
    expect(emailField.parse("  anna@example.com ")).toBe("anna@example.com");
  });

  it("carries docs/product.md's texts and their Polish translations", () => {
    expect(lookup(enUS, "validation.emailRequired")).toBe("Email is required");
    expect(lookup(enUS, "validation.emailInvalid")).toBe("Email is not valid");
    expect(lookup(plPL, "validation.emailRequired")).toBe("Adres e-mail jest wymagany");
  });
});

describe("new password (docs/product.md §5: ≥ 8, lowercase, uppercase, digit)", () => {
  it.each([
    ["", "validation.passwordRequired"],
    ["Ab1", "validation.password"],
    ["Abcdefg1".slice(0, 7), "validation.password"],
    ["abcdefg1", "validation.password"],
    ["ABCDEFG1", "validation.password"],
    ["Abcdefgh", "validation.password"],
  ])("refuses %j with %s", (value, message) => {
    expect(firstErrors(newPasswordField.safeParse(value))).toEqual({ "": message });
  });

  it.each(["Abcdefg1", "Platter-demo-1", "zaŻółć-Gęślą-9"])("accepts %j", (value) => {
    expect(newPasswordField.safeParse(value).success).toBe(true);
  });

  it("explains the rule in both languages", () => {
    expect(lookup(enUS, "validation.password")).toMatch(/8 characters.*lowercase.*uppercase.*digit/);
    expect(lookup(plPL, "validation.password")).toMatch(/8 znaków.*małą literę.*wielką literę.*cyfrę/);
  });
});

describe("sign-in", () => {
  it("only requires the password (the rule is for new passwords)", () => {
    expect(signInSchema.safeParse({ email: "a@b.co", password: "x" }).success).toBe(true);
    expect(firstErrors(signInSchema.safeParse({ email: "", password: "" }))).toEqual({
      email: "validation.emailRequired",
      password: "validation.passwordRequired",
    });
  });
});

describe("sign-up", () => {
  const valid = {
    email: "anna@example.com",
    password: "Abcdefg1",
    first_name: "Anna",
    last_name: "Nowak",
    country: "GB",
    contact_number: "7911 123456",
  };

  it("accepts a complete form", () => {
    expect(signUpSchema.safeParse(valid).success).toBe(true);
  });

  it("reports every problem at once, each with its message", () => {
    const result = signUpSchema.safeParse({
      email: "nope",
      password: "short",
      first_name: " ",
      last_name: "",
      country: "GB",
      contact_number: "",
    });
    expect(firstErrors(result)).toEqual({
      email: "validation.emailInvalid",
      password: "validation.password",
      first_name: "validation.firstNameRequired",
      last_name: "validation.lastNameRequired",
      contact_number: "validation.phoneRequired",
    });
  });

  it("checks the shape of the phone number (the server checks the rest)", () => {
    for (const bad of ["abc", "12", "+44 7911 123456", "1234567890123456"]) {
      expect(firstErrors(signUpSchema.safeParse({ ...valid, contact_number: bad })), bad).toEqual({
        contact_number: "validation.phoneIncorrect",
      });
    }
    expect(lookup(enUS, "validation.phoneIncorrect")).toBe("Phone Number is Incorrect");
  });

  it("joins the dial code and the number into one contact number", () => {
    expect(fullContactNumber("+44", "7911 123 456")).toBe("+447911123456");
    expect(fullContactNumber("+ 1345", "(555) 12-34")).toBe("+13455551234");
  });
});

describe("codes", () => {
  it("are six digits; spaces are ignored", () => {
    expect(firstErrors(codeField.safeParse(""))).toEqual({ "": "validation.codeRequired" });
    expect(firstErrors(codeField.safeParse("12345"))).toEqual({ "": "validation.codeFormat" });
    expect(firstErrors(codeField.safeParse("12a456"))).toEqual({ "": "validation.codeFormat" });
    expect(codeField.parse(" 123 456 ")).toBe("123456");
  });

  it("reset needs the code and a new password that follows the rule", () => {
    expect(
      firstErrors(resetPasswordVerifySchema.safeParse({ email: "a@b.co", code: "123456", password: "weak" })),
    ).toEqual({ password: "validation.password" });
  });
});

describe("catalogues", () => {
  it("have every message the schemas use, in both languages", () => {
    const keys = [
      "validation.emailRequired",
      "validation.emailInvalid",
      "validation.passwordRequired",
      "validation.password",
      "validation.firstNameRequired",
      "validation.lastNameRequired",
      "validation.tooLong",
      "validation.phoneRequired",
      "validation.phoneIncorrect",
      "validation.codeRequired",
      "validation.codeFormat",
    ];
    for (const key of keys) {
      expect(typeof lookup(enUS, key), key).toBe("string");
      expect(typeof lookup(plPL, key), key).toBe("string");
    }
  });
});
