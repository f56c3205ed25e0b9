/**
 * The auth forms' zod schemas. Messages are i18n keys (docs/product.md §5 texts live in
 * the catalogues under validation.*), so the schemas do not depend on the language.
 */
import { z } from "zod";
import { emailField } from "@/lib/validation/email";

/** docs/product.md §5 / §9: at least 8 characters, a lowercase letter, an uppercase letter, a digit. */
export const PASSWORD_MIN_LENGTH = 8;
export const CODE_LENGTH = 6;

const PASSWORD_RULE = "validation.password";

// The one e-mail rule of every form (docs/product.md §5), shared with the address dialog and checkout.
export { emailField };

/** A new password (sign-up, reset): the docs/product.md §5 rule. */
export const newPasswordField = z
  .string()
  .min(1, { error: "validation.passwordRequired", abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_RULE, abort: true })
  .regex(/[a-z]/, { error: PASSWORD_RULE, abort: true })
  .regex(/[A-Z]/, { error: PASSWORD_RULE, abort: true })
  .regex(/[0-9]/, { error: PASSWORD_RULE, abort: true });

/** The password at sign-in is only required: older or staff passwords are the server's business. */
const currentPasswordField = z.string().min(1, { error: "validation.passwordRequired" });

export const codeField = z
  .string()
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .min(1, { error: "validation.codeRequired", abort: true })
      .regex(/^[0-9]{6}$/, { error: "validation.codeFormat" }),
  );

const nameField = (requiredKey: string) =>
  z.string().trim().min(1, { error: requiredKey, abort: true }).max(100, { error: "validation.tooLong" });

/** The phone number without its country code: digits, spaces, dashes, brackets; 4–15 digits. */
const phoneNumberField = z
  .string()
  .trim()
  .min(1, { error: "validation.phoneRequired", abort: true })
  .refine((v) => /^[0-9\s()-]+$/.test(v) && /^\d{4,15}$/.test(v.replace(/\D/g, "")), {
    error: "validation.phoneIncorrect",
  });

export const signInSchema = z.object({ email: emailField, password: currentPasswordField });
export type SignInValues = z.input<typeof signInSchema>;

export const signUpSchema = z.object({
  email: emailField,
  password: newPasswordField,
  first_name: nameField("validation.firstNameRequired"),
  last_name: nameField("validation.lastNameRequired"),
  // The country of the dial code (ISO code). docs/product.md §5: it must be non-empty, with no
  // message of its own (the select always holds one).
  country: z.string().trim().min(1, { error: "" }),
  contact_number: phoneNumberField,
});
export type SignUpValues = z.input<typeof signUpSchema>;

export const verifySchema = z.object({ email: emailField, code: codeField });
export type VerifyValues = z.input<typeof verifySchema>;

export const resetPasswordSchema = z.object({ email: emailField });
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;

export const resetPasswordVerifySchema = z.object({
  email: emailField,
  code: codeField,
  password: newPasswordField,
});
export type ResetPasswordVerifyValues = z.input<typeof resetPasswordVerifySchema>;

/** "+44" and "7911 123 456" → "+447911123456" (Cayman's "+ 1345" loses its space too). */
export function fullContactNumber(dialCode: string, number: string): string {
  return `${dialCode}${number}`.replace(/[^\d+]/g, "");
}
