import { z } from "zod";

/**
 * The one e-mail rule of every form (docs/product.md §5): sign-in, sign-up, the
 * forgotten/reset password forms, the address dialog and checkout.
 *
 * The WHATWG "valid e-mail address" pattern with at least one dot in the
 * domain: what the server accepts (internal/account EmailProblem, which the
 * address and order calls reuse), so no form lets through an address the
 * server then refuses, nor refuses one it would take.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** The server's limit (RFC 5321 path length). */
export const EMAIL_MAX_LENGTH = 254;

/** i18n keys of docs/product.md §5's two e-mail messages. */
export const EMAIL_REQUIRED = "validation.emailRequired";
export const EMAIL_INVALID = "validation.emailInvalid";

/** The problem with a typed address (an i18n key), or null when it is good. Surrounding spaces are ignored. */
export function emailProblem(value: string): string | null {
  const v = value.trim();
  if (v === "") return EMAIL_REQUIRED;
  if (v.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(v)) return EMAIL_INVALID;
  return null;
}

/** The zod field of every form's e-mail: trimmed, messages are i18n keys. */
export const emailField = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
