import { existsSync, readFileSync } from "node:fs";
import type { ReceivedMail } from "../mail-server";

/** Set by global-setup.ts when it started the test SMTP server (not with PLATTER_E2E_BASE_URL). */
export const MAILBOX = process.env.PLATTER_E2E_MAILBOX;

export function readMailbox(): ReceivedMail[] {
  if (!MAILBOX || !existsSync(MAILBOX)) return [];
  return JSON.parse(readFileSync(MAILBOX, "utf8")) as ReceivedMail[];
}

/** Waits for the next mail to `to` whose subject matches, received after `since`. */
export async function waitForMail(
  to: string,
  { subject, since = 0, timeoutMs = 20_000 }: { subject?: RegExp; since?: number; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  const address = to.toLowerCase();
  while (Date.now() < deadline) {
    const mail = readMailbox().find(
      (m) =>
        m.to.includes(address) && Date.parse(m.receivedAt) >= since && (!subject || subject.test(m.subject)),
    );
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ""} within ${timeoutMs} ms`);
}

/** The 6-digit code of a verification or reset mail. */
export function codeOf(mail: ReceivedMail): string {
  const match = /(?<!\d)(\d{6})(?!\d)/.exec(mail.text) ?? /(?<!\d)(\d{6})(?!\d)/.exec(mail.html);
  if (!match?.[1]) throw new Error(`no 6-digit code in mail "${mail.subject}":\n${mail.text}`);
  return match[1];
}

/** A fresh address per test and run (sign-up and resend are limited per address). */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
