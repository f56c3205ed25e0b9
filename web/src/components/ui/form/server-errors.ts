import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "@/lib/api/api-error";

/**
 * Puts a validation failure's per-field messages (already in the request's
 * language) on the form's fields. Returns true when every problem found a field,
 * so nothing is left to show above the form.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!isApiError(error)) return false;
  const entries = Object.entries(error.fields);
  if (entries.length === 0) return false;
  let all = true;
  let first = true;
  for (const [name, message] of entries) {
    const field = fields.find((f) => f === name);
    if (!field) {
      all = false;
      continue;
    }
    setError(field, { type: "server", message }, { shouldFocus: first });
    first = false;
  }
  return all;
}
