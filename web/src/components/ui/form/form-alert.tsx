import "./form.css";
import { useErrorMessage } from "@/hooks/use-error-message";
import { clientTextKey, isApiError } from "@/lib/api/api-error";

/**
 * The failure of a form's call, above the form (docs/product.md §8 texts: the server's
 * own message, in the request's language, or our fallback).
 */
export function FormAlert({ error }: { error: unknown }) {
  const message = useErrorMessage();
  if (!error) return null;
  const lines = isApiError(error) && !clientTextKey(error) ? error.messages : [message(error)];
  return (
    <div role="alert" className="alert alert--error form-alert" data-testid="form-error">
      {lines.length === 1 ? (
        lines[0]
      ) : (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function FormNotice({ children }: { children: string }) {
  return (
    <p role="status" className="alert alert--info form-alert">
      {children}
    </p>
  );
}
