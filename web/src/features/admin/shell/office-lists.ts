import { isApiError } from "@/lib/api/api-error";

/**
 * Whether a back-office page is for managers only to this person: not a manager here, or the
 * server refused the page's read with 1403 (a role withdrawn since sign-in).
 */
export function managersOnly(isManager: boolean, error: unknown) {
  return !isManager || (isApiError(error) && error.code === 1403);
}

/** How many pages a list's meta (total, per_page) makes: at least one. */
export function pageCount(meta: { total?: number; per_page?: number } | undefined, perPage: number) {
  return Math.max(1, Math.ceil((meta?.total ?? 0) / (meta?.per_page ?? perPage)));
}
