/** Fallback texts of docs/product.md §8; their translations live under errors.* in the catalogues. */
export const FALLBACK_MESSAGES = {
  /** A failure body with no usable message. Note the full stop. */
  communication: "Error communicating with the server.",
  /** An empty response body. No full stop, exactly as docs/product.md §8 has it. */
  emptyResponse: "Error communicating with the server",
  /** Network failures and anything unexpected. */
  generic: "Something went wrong",
} as const;

export type FallbackKind = keyof typeof FALLBACK_MESSAGES;

export interface ApiErrorInit {
  status?: number;
  code?: number;
  fields?: Record<string, string>;
  messages?: string[];
  requestId?: string;
  /** Seconds to wait before trying again (a 1429's Retry-After header). */
  retryAfter?: number;
  /** Set when the message is one of the client-side fallbacks, so the UI can translate it. */
  fallback?: FallbackKind;
  cause?: unknown;
}

/** The one error every API call throws. `message` is already ready to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number | undefined;
  readonly fields: Record<string, string>;
  /** The individual messages (batch_messages or error_user_messages), or [message]. */
  readonly messages: string[];
  readonly requestId: string | undefined;
  readonly retryAfter: number | undefined;
  readonly fallback: FallbackKind | undefined;

  constructor(message: string, init: ApiErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "ApiError";
    this.status = init.status ?? 0;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.messages = init.messages ?? [message];
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
    this.fallback = init.fallback;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * Error codes whose text the client owns (docs/product.md §8: code 2061 has its own
 * message, translated by the app): shown from the catalogue under errors.*,
 * whatever the server's message says.
 */
export const CLIENT_TEXT_CODES: Readonly<Record<number, string>> = {
  2061: "incorrectCredentials",
};

/**
 * The i18n key of the text the app shows for `error` instead of the server's
 * message (a fallback of docs/product.md §8 or a code of CLIENT_TEXT_CODES), if any.
 */
export function clientTextKey(error: ApiError): string | undefined {
  if (error.fallback) return `errors.${error.fallback}`;
  const own = error.code === undefined ? undefined : CLIENT_TEXT_CODES[error.code];
  return own ? `errors.${own}` : undefined;
}

function nonEmptyStrings(value: unknown): string[] {
  if (typeof value === "string") return value.trim() ? [value] : [];
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string => typeof v === "string" && v.trim() !== "");
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/**
 * The message chain of docs/product.md §8 / docs/architecture.md §3, in order: batch_messages,
 * message, error_user_messages, error_message, then the fallback text.
 */
export function extractErrorMessages(body: Record<string, unknown>): {
  messages: string[];
  fallback?: FallbackKind;
} {
  const batch = nonEmptyStrings(body.batch_messages);
  if (batch.length > 0) return { messages: batch };
  const message = nonEmptyString(body.message);
  if (message) return { messages: [message] };
  const userMessages = nonEmptyStrings(body.error_user_messages);
  if (userMessages.length > 0) return { messages: userMessages };
  const errorMessage = nonEmptyString(body.error_message);
  if (errorMessage) return { messages: [errorMessage] };
  return { messages: [FALLBACK_MESSAGES.communication], fallback: "communication" };
}

/** Builds the ApiError for a failure body (success false or a non-2xx status). */
export function apiErrorFromBody(
  body: Record<string, unknown>,
  status: number,
  retryAfter?: number,
): ApiError {
  const { messages, fallback } = extractErrorMessages(body);
  const fields =
    body.fields && typeof body.fields === "object" && !Array.isArray(body.fields)
      ? (body.fields as Record<string, string>)
      : undefined;
  return new ApiError(messages.join("\n"), {
    status,
    code: typeof body.code === "number" ? body.code : undefined,
    fields,
    messages,
    requestId: typeof body.request_id === "string" ? body.request_id : undefined,
    retryAfter,
    fallback,
  });
}
