import { API_BASE, CLIENT_HEADER } from "@/lib/api/client";
import { ApiError, apiErrorFromBody, FALLBACK_MESSAGES } from "@/lib/api/api-error";
import type { operations } from "@/lib/api/schema";
import { tokenOf, useAuthStore } from "@/stores/auth";
import { useGeneralStore } from "@/stores/general";

/** What a back-office picture is for: it decides the sizes the server keeps (docs/architecture.md §10). */
export type ImagePurpose = "menu" | "logo";

export type UploadedImage = operations["upload"]["responses"]["200"]["content"]["application/json"]["data"];

/** The server's limit; checked here too so a file that is far too big fails at once. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The types the file picker offers; the server decides by the file's content. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";

/**
 * POST /api/v3/upload (multipart, outside the JSON envelope's request shape),
 * in the caller's language and with the scheme's session: the answer's data,
 * or the envelope's error (a network failure or an unreadable answer is the
 * generic one). With a purpose it is a back-office picture; without, a
 * support photo. The purpose field goes before the file (the server reads the
 * body as it streams).
 */
export async function postUpload<T>(file: Blob, businessSlug: string, purpose?: ImagePurpose): Promise<T> {
  const body = new FormData();
  if (purpose) body.append("purpose", purpose);
  body.append("file", file);
  const headers = new Headers({
    Accept: "application/json",
    "X-Client": CLIENT_HEADER,
    "Accept-Language": useGeneralStore.getState().language,
  });
  const token = tokenOf(businessSlug)(useAuthStore.getState());
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let response: Response;
  let parsed: Record<string, unknown>;
  try {
    response = await fetch(`${API_BASE}/upload?business_slug=${encodeURIComponent(businessSlug)}`, {
      method: "POST",
      headers,
      body,
      credentials: "omit",
    });
    parsed = (await response.json()) as Record<string, unknown>;
  } catch (error) {
    throw new ApiError(FALLBACK_MESSAGES.generic, { fallback: "generic", cause: error });
  }
  if (!response.ok || parsed.success === false) throw apiErrorFromBody(parsed, response.status);
  return parsed.data as T;
}

/**
 * A manager's picture for a purpose: checked by its content on the server and
 * re-encoded; the answer's url is its largest variant, served publicly.
 */
export function uploadImage(file: Blob, businessSlug: string, purpose: ImagePurpose): Promise<UploadedImage> {
  return postUpload<UploadedImage>(file, businessSlug, purpose);
}

/**
 * The url of a stored picture's variant closest above `pixels` (CSS px × the
 * screen's density): the storefront shows a 64 px logo from the 128 variant,
 * not the 512 one. Any other url is returned as it is.
 */
export function imageVariant(url: string, pixels: number): string {
  const m = /^(\/api\/v3\/media\/[^/]+\/\d+-)(\d+)\.(jpg|png)$/.exec(url);
  if (!m) return url;
  const sizes = m[3] === "png" ? [128, 512] : [320, 1040];
  const side = sizes.find((s) => s >= pixels) ?? sizes[sizes.length - 1]!;
  return `${m[1]}${side}.${m[3]}`;
}
