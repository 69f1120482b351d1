import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  from: string;
  to: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  /** The List-Unsubscribe and List-Unsubscribe-Post header lines, when the message has them. */
  listUnsubscribe?: string | null;
  listUnsubscribePost?: string | null;
  receivedAt: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: CapturedMail[];
  /** Make the next N deliveries fail with a temporary error (to test retries). */
  failNext(count: number): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that accepts everything. Received mail is kept in memory and,
 * when `dir` is given, written there as JSON files so other processes (Playwright workers) can read it.
 */
export async function startSmtpSink(options: { dir?: string } = {}): Promise<SmtpSink> {
  const messages: CapturedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      if (failures > 0) {
        failures--;
        stream.resume();
        stream.on("end", () => {
          const error = new Error("Temporary failure, try again later") as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
        });
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const mail: CapturedMail = {
            from: parsed.from?.text ?? "",
            to: session.envelope.rcptTo.map((r) => r.address),
            replyTo: parsed.replyTo?.text ?? null,
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : null,
            listUnsubscribe: headerLine(parsed.headerLines, "list-unsubscribe"),
            listUnsubscribePost: headerLine(parsed.headerLines, "list-unsubscribe-post"),
            receivedAt: new Date().toISOString(),
          };
          messages.push(mail);
          if (options.dir) {
            fs.mkdirSync(options.dir, { recursive: true });
            const name = `${Date.now()}-${Math.random().toString(36).slice(2)}.json`;
            // Written aside, then renamed: a reader polling the folder never sees half a file.
            const target = path.join(options.dir, name);
            fs.writeFileSync(`${target}.partial`, JSON.stringify(mail));
            fs.renameSync(`${target}.partial`, target);
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    failNext(count) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header's value as written (mailparser parses List-Unsubscribe into an object; the raw line is plainer). */
function headerLine(lines: readonly { key: string; line: string }[], key: string): string | null {
  const found = lines.find((l) => l.key === key);
  return found ? found.line.slice(found.line.indexOf(":") + 1).replace(/\s+/g, " ").trim() : null;
}

/** Mail captured into a folder by a sink in another process. */
export function readCapturedMail(dir: string): CapturedMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as CapturedMail);
}
