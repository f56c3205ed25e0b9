/**
 * One call of the real API (POST /api/v3/<path>) for specs and shots that set
 * up their world through it: fails the test with the answer's text unless it
 * succeeds, and returns the envelope's data. `lang`, when given, is sent as
 * Accept-Language (messages in that language).
 */
import { type APIRequestContext, expect } from "@playwright/test";

export async function api(request: APIRequestContext, path: string, body: unknown, token?: string, lang?: string) {
  const headers: Record<string, string> = {};
  if (lang) headers["Accept-Language"] = lang;
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await request.post(`/api/v3/${path}`, { data: body, headers });
  const text = await response.text();
  expect(response.ok(), `${path}: ${text}`).toBe(true);
  return JSON.parse(text).data;
}
