/**
 * One call of the real API (POST /api/v3/<path>) for specs and shots that set
 * up their world through it: fails the test with the answer's text unless it
 * succeeds, and returns the envelope's data. `lang`, when given, is sent as
 * Accept-Language (messages in that language). A sign-in refused for the
 * rate limit is tried again when the server's Retry-After says.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";

export async function api(
  request: APIRequestContext,
  path: string,
  body: unknown,
  token?: string,
  lang?: string,
) {
  const headers: Record<string, string> = {};
  if (lang) headers["Accept-Language"] = lang;
  if (token) headers.Authorization = `Bearer ${token}`;
  let response = await request.post(`/api/v3/${path}`, { data: body, headers });
  // Many specs sign in as the demo manager from one address at once: past
  // the sign-in limit (10 a minute per client and e-mail) the server says
  // when to try again (1429, Retry-After), and a client waits that long.
  for (let tries = 0; response.status() === 429 && path === "auth/signin" && tries < 3; tries++) {
    const wait = Math.min(Number(response.headers()["retry-after"]) || 1, 61);
    test.info().setTimeout(test.info().timeout + (wait + 5) * 1000); // the wait is the server's, not the test's
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    response = await request.post(`/api/v3/${path}`, { data: body, headers });
  }
  const text = await response.text();
  expect(response.ok(), `${path}: ${text}`).toBe(true);
  return JSON.parse(text).data;
}
