import { isApiError } from "@/lib/api/api-error";

/** The problems of a refused import, in document order ("" is the whole document). */
export function problemsOf(error: unknown): { path: string; message: string }[] {
  if (!isApiError(error) || error.code !== 1000) return [];
  return Object.entries(error.fields)
    .map(([path, message]) => ({ path: path === "document" ? "" : path, message }))
    .sort((a, b) => a.path.localeCompare(b.path, "en", { numeric: true }));
}
