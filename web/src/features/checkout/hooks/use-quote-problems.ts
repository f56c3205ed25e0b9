import { useErrorMessage } from "@/hooks/use-error-message";
import type { Quote } from "../api/types";
import { errorTarget, problemTarget, type ErrorTarget } from "../lib/errors";

/** The quote's refusals of the order (not of a line), first message per place on the page. */
export function useQuoteProblems(
  quote: Quote | undefined,
  error: unknown,
): Partial<Record<ErrorTarget, string>> {
  const errorMessage = useErrorMessage();
  const found: Partial<Record<ErrorTarget, string>> = {};
  if (error) found[errorTarget(error)] = errorMessage(error);
  for (const problem of quote?.problems ?? []) {
    const target = problemTarget(problem);
    // Line problems are shown on their line.
    if (target === "lines" && problem.field?.startsWith("items[")) continue;
    found[target] ??= problem.message;
  }
  return found;
}
