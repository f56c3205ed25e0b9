/**
 * Where on the page a refusal belongs, so its message shows beside what to
 * change (promo code, address, time, lines, e-mail, card) rather than in one box.
 */
import { isApiError } from "@/lib/api/api-error";
import type { Problem } from "../api/types";

export type ErrorTarget =
  "promo" | "address" | "time" | "lines" | "card" | "tip" | "email" | "offer" | "general";

/** The element to focus for each target (ids on the page). */
export const TARGET_FOCUS: Record<ErrorTarget, string> = {
  promo: "promo",
  address: "address",
  time: "time",
  lines: "co-summary-title",
  card: "card-number",
  tip: "co-tip-title",
  email: "email",
  offer: "co-offer-error",
  general: "co-pay-error",
};

/** The target of a request field the server named (Problem.field, ApiError.fields). */
export function targetOfField(field: string | undefined): ErrorTarget | null {
  if (!field) return null;
  if (field.startsWith("promocode")) return "promo";
  if (field.startsWith("delivery_address")) return "address";
  if (["preorder_for", "is_asap", "order_type"].includes(field)) return "time";
  if (field.startsWith("items")) return "lines";
  if (field.startsWith("card") || field === "challenge_result") return "card";
  if (field.startsWith("tip")) return "tip";
  if (field === "user_email") return "email";
  if (field === "reward_id" || field === "loyalty_reward_id") return "offer";
  return null;
}

/** Refusals by code (docs/errors.md), for answers that name no field. */
function targetOfCode(code: number | undefined): ErrorTarget {
  if (code === undefined) return "general";
  if (code === 3001 || code === 3002 || (code >= 3100 && code < 3200)) return "time";
  if (code === 3011) return "address";
  if (code >= 3020 && code < 3030) return "lines";
  if (code === 3030) return "tip";
  if (code >= 3040 && code <= 3044) return "promo";
  if (code === 3045) return "offer";
  if (code >= 3050 && code <= 3052) return "card";
  return "general";
}

export function problemTarget(problem: Problem): ErrorTarget {
  return targetOfField(problem.field) ?? targetOfCode(problem.code);
}

/** The target of a failure: by the field the server named, else by its code. */
export function errorTarget(error: unknown): ErrorTarget {
  if (!isApiError(error)) return "general";
  for (const field of Object.keys(error.fields)) {
    const target = targetOfField(field);
    if (target) return target;
  }
  return targetOfCode(error.code);
}
