import { pageScheme, tokenOf, tokenScheme, useAuthStore } from "@/stores/auth";
import { FROM_CACHE_HEADER } from "@/sw/rules";
import { useGeneralStore } from "@/stores/general";
import { ApiError, apiErrorFromBody, FALLBACK_MESSAGES } from "./api-error";
import type { paths } from "./schema";

/** The fixed client header of docs/product.md §7 (the server logs it, never requires it). */
export const CLIENT_HEADER = "source=ios;version=2.1";
export const API_BASE = "/api/v3";
/** The error code of a missing, expired or revoked session (docs/architecture.md §3). */
export const SIGN_IN_REQUIRED = 1401;

export interface ApiResult<T, M = Record<string, unknown>> {
  payload: T;
  meta: M;
}

export interface PostOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Overrides the token from the auth store (null sends none). */
  token?: string | null;
  /** Overrides the current interface language. */
  language?: string;
}

/** A request body: `{filter}` for reads, `{data}` for writes (docs/architecture.md §3). */
export type ApiBody = { filter?: unknown; data?: unknown } | Record<string, unknown>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reshapes `{success, data, ...rest}` into `{payload: data, meta: rest}` (meta {} without data). */
export function reshape<T, M>(body: Record<string, unknown>): ApiResult<T, M> {
  if (!("data" in body)) return { payload: undefined as T, meta: {} as M };
  const { success, data, ...meta } = body;
  void success;
  return { payload: data as T, meta: meta as M };
}

/** The business_slug a request names in its filter or data, if any. */
function requestScheme(body: ApiBody): string | undefined {
  for (const part of [(body as { filter?: unknown }).filter, (body as { data?: unknown }).data]) {
    if (isObject(part) && typeof part.business_slug === "string") return part.business_slug;
  }
  return undefined;
}

/**
 * The stored token, unless the request is for another scheme than the token's
 * (named in the body, else the page's): tokens are scheme-bound (docs/architecture.md §7),
 * and a call naming no scheme (address/list, user/info) must not read another
 * brand's data for the customer.
 */
function storedToken(body: ApiBody): string | null {
  const state = useAuthStore.getState();
  const wanted = requestScheme(body) ?? pageScheme();
  if (!wanted) return state.token;
  // That scheme's own session; a token of no known scheme (stored before schemes were
  // recorded) goes where it did.
  return tokenOf(wanted)(state) ?? (tokenScheme(state) === undefined ? state.token : null);
}

function buildHeaders(options: PostOptions, token: string | null): Headers {
  const headers = new Headers({
    "Content-Type": "application/json",
    Accept: "application/json",
    "X-Client": CLIENT_HEADER,
    "Accept-Language": options.language ?? useGeneralStore.getState().language,
  });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return headers;
}

/** A Retry-After header in seconds (the server sends seconds, not a date). */
function retryAfterSeconds(response: Response): number | undefined {
  const value = Number(response.headers.get("Retry-After") ?? NaN);
  return Number.isFinite(value) && value >= 0 ? Math.ceil(value) : undefined;
}

/** The calls whose exact bodies are remembered for the service worker (src/sw/rules.ts DATA_CALLS). */
const KEPT_CALLS = new Set(["venue/info", "menu/list"]);
const keptReads = new Map<string, { call: string; body: string }>();

/**
 * The venue/info and menu/list calls this page has made (path and exact body,
 * the newest last): the service worker keys its offline answers by body, and
 * a page loaded before the worker existed hands them over when it takes
 * control (src/app/service-worker.tsx).
 */
export function readsToKeep(): Array<{ call: string; body: string }> {
  return [...keptReads.values()];
}

/**
 * A successful answer the server put in the page's first HTML as a JSON data
 * block (a script of type application/json: the CSP stays strict), reshaped
 * like a call's; undefined for anything else (no text, broken JSON, a
 * failure envelope).
 */
export function inlineAnswer<T, M>(text: string | null | undefined): ApiResult<T, M> | undefined {
  if (!text) return undefined;
  try {
    const body: unknown = JSON.parse(text);
    if (!isObject(body) || body.success !== true) return undefined;
    return reshape<T, M>(body);
  } catch {
    return undefined;
  }
}

/** Answers the service worker gave from its cache (the network failed), counted. */
let cachedAnswers = 0;

/**
 * How many answers so far came from the service worker's cache instead of the
 * server: the page compares it before and after a refetch to know whether it
 * really reached the server (src/app/service-worker.tsx).
 */
export function cachedAnswerCount(): number {
  return cachedAnswers;
}

/**
 * Remembers a venue/info or menu/list read as if it had been made, for an
 * answer the page already has another way (inline in its first HTML): the
 * worker then keeps it too.
 */
export function rememberRead(path: string, body: ApiBody): void {
  const json = JSON.stringify(body);
  if (!KEPT_CALLS.has(path)) return;
  keptReads.delete(`${path} ${json}`);
  keptReads.set(`${path} ${json}`, { call: path, body: json });
}

/** The one generic call of docs/product.md §7: POST /api/v3/{path}. */
export async function post<T = unknown, M = Record<string, unknown>>(
  path: string,
  body: ApiBody = {},
  options: PostOptions = {},
): Promise<ApiResult<T, M>> {
  const token = options.token === undefined ? storedToken(body) : options.token;
  const call = path.replace(/^\/+/, "");
  const json = JSON.stringify(body);
  rememberRead(call, body);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${call}`, {
      method: "POST",
      headers: buildHeaders(options, token),
      body: json,
      credentials: "omit",
      signal: options.signal,
    });
  } catch (error) {
    // Cancellation is not a failure: let TanStack Query see the AbortError.
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(FALLBACK_MESSAGES.generic, { fallback: "generic", cause: error });
  }

  if (response.headers.get(FROM_CACHE_HEADER)) cachedAnswers++;

  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new ApiError(FALLBACK_MESSAGES.generic, {
      status: response.status,
      fallback: "generic",
      cause: error,
    });
  }
  if (text.trim() === "") {
    throw new ApiError(FALLBACK_MESSAGES.emptyResponse, {
      status: response.status,
      fallback: "emptyResponse",
    });
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ApiError(FALLBACK_MESSAGES.generic, {
      status: response.status,
      fallback: "generic",
      cause: error,
    });
  }
  if (!isObject(parsed)) {
    throw new ApiError(FALLBACK_MESSAGES.generic, { status: response.status, fallback: "generic" });
  }
  if (!response.ok && parsed.success !== false) {
    // docs/product.md §8: only a body saying success:false carries messages to show; any other
    // failure (a proxy's or gateway's JSON, say) is "Something went wrong".
    throw new ApiError(FALLBACK_MESSAGES.generic, { status: response.status, fallback: "generic" });
  }
  if (parsed.success === false) {
    const error = apiErrorFromBody(parsed, response.status, retryAfterSeconds(response));
    // 1401: the token we sent is no longer good (expired, revoked): forget it.
    if (error.code === SIGN_IN_REQUIRED && token) forgetToken(token);
    throw error;
  }
  return reshape<T, M>(parsed);
}

/** The session a token belongs to ends here (whichever scheme's it is). */
function forgetToken(token: string) {
  const state = useAuthStore.getState();
  const scheme = Object.entries(state.sessions).find(([, s]) => s.token === token)?.[0];
  if (scheme) state.signOut(scheme);
  else if (token === state.token) state.signOut();
}

// ---- Typed helpers over the generated OpenAPI types (never hand-copied) ----

/** API paths without the leading slash, e.g. "venue/info". */
export type ApiPath = keyof paths extends infer K ? (K extends `/${infer P}` ? P : never) : never;

type Operation<P extends ApiPath> = paths[`/${P}`]["post"];
type OkBody<P extends ApiPath> =
  Operation<P> extends { responses: { 200: { content: { "application/json": infer B } } } } ? B : never;
type RequestOf<P extends ApiPath> =
  Operation<P> extends { requestBody?: { content: { "application/json": infer B } } } ? B : ApiBody;

export type ApiPayload<P extends ApiPath> = OkBody<P> extends { data: infer D } ? D : undefined;
export type ApiMeta<P extends ApiPath> = Omit<OkBody<P>, "data" | "success">;

/** `post` with request and response types taken from api/openapi.yaml. */
export function call<P extends ApiPath>(
  path: P,
  body?: RequestOf<P>,
  options?: PostOptions,
): Promise<ApiResult<ApiPayload<P>, ApiMeta<P>>> {
  return post<ApiPayload<P>, ApiMeta<P>>(path, (body ?? {}) as ApiBody, options);
}
