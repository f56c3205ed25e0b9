import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A mail the test SMTP server received, as the tests read it. */
export interface ReceivedMail {
  to: string[];
  from: string;
  /** The From header's display name and address, Reply-To, and the headers mail clients act on. */
  fromName: string;
  fromAddress: string;
  replyTo: string;
  autoSubmitted: string;
  messageId: string;
  listUnsubscribe: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

export interface MailServer {
  /** PLATTER_SMTP_URL for `platter serve`: plain SMTP, no TLS offered, no auth. */
  url: string;
  /** The JSON file (an array of ReceivedMail) the tests poll; see tests/mailbox.ts. */
  mailbox: string;
  close: () => Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server + mailparser) that keeps every
 * message it receives in a JSON file under dir. It runs in the Playwright runner
 * process, so the workers read the file rather than memory.
 */
export async function startMailServer(dir: string): Promise<MailServer> {
  const mailbox = join(dir, "mailbox.json");
  const mails: ReceivedMail[] = [];
  const save = () => {
    const temp = `${mailbox}.tmp`;
    writeFileSync(temp, JSON.stringify(mails, null, 2));
    renameSync(temp, mailbox); // readers never see half a file
  };
  save();

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            fromName: parsed.from?.value[0]?.name ?? "",
            fromAddress: parsed.from?.value[0]?.address ?? "",
            replyTo: parsed.replyTo?.text ?? "",
            autoSubmitted: String(parsed.headers.get("auto-submitted") ?? ""),
            messageId: parsed.messageId ?? "",
            listUnsubscribe: parsed.headers.has("list-unsubscribe") ? "present" : "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            receivedAt: new Date().toISOString(),
          });
          save();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  server.server.unref(); // never keeps the runner alive on its own
  const address = server.server.address();
  if (typeof address !== "object" || !address) throw new Error("mail server: no address");
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mailbox,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
