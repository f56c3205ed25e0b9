/** Error codes of the auth calls (docs/architecture.md §3, docs/errors.md). */
export const AuthCode = {
  RateLimited: 1429,
  BadCredentials: 2061,
  /** Right password, address not confirmed yet: go to Verify (a fresh code is mailed). */
  NotVerified: 2062,
  /** One-time code wrong, expired or used. */
  BadCode: 2063,
  /** Too many wrong tries: a new code is needed. */
  CodeExhausted: 2064,
} as const;
