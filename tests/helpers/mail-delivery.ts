import nodemailer from "nodemailer";
import pino from "pino";
import type { Db } from "~/server/db/client.server";
import { deliverDueEmails, type MailTransport } from "~/server/mail/worker.server";
import { startSmtpSink, type CapturedMail, type SmtpSink } from "./smtp-sink";

/** The sender the server tests deliver as. */
export const TEST_MAIL_FROM = "CostumeCast <no-reply@costumecast.test>";

/**
 * The mail outbox's real way out for a server test: the outbox worker hands queued mail over SMTP
 * to a sink on loopback, as the server's mail worker does.
 */
export interface MailDelivery {
  sink: SmtpSink;
  /** Hands every queued mail to the SMTP server; what it received since the call began. */
  delivered(db: Db): Promise<CapturedMail[]>;
  /** Forgets what the sink received (between tests). */
  clear(): void;
  close(): Promise<void>;
}

const logger = pino({ level: "silent" });

export async function startMailDelivery(): Promise<MailDelivery> {
  const sink = await startSmtpSink();
  const transport: MailTransport = nodemailer.createTransport(sink.url);
  return {
    sink,
    async delivered(db) {
      const before = sink.messages.length;
      await deliverDueEmails(db, transport, { from: TEST_MAIL_FROM, logger, batchSize: 50 });
      return sink.messages.slice(before);
    },
    clear() {
      sink.messages.length = 0;
    },
    async close() {
      transport.close?.();
      await sink.close();
    },
  };
}
