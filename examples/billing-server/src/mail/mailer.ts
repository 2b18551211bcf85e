import { createTransport } from "nodemailer";
import type { MailOptions } from "./mail-options.js";

/** Where the mailer reports; the Fastify logger fits. */
export interface MailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A mail to a customer. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What it is and for whom, for the log: the address and the body (which may hold a link) are never logged. */
  about: { kind: string; projectId: string; appUserId: string };
}

/** Sends mail; a failure is logged and answered `false`, never thrown. */
export interface Mailer {
  /** @returns whether the SMTP server accepted the mail. */
  send(mail: Mail): Promise<boolean>;
  close(): void;
}

/** A failure as it may be logged: nodemailer's code and message, with the URL's password cut out should it appear. */
function describeFailure(error: unknown, smtpUrl: string) {
  const password = decodeURIComponent(new URL(smtpUrl).password);
  const message = error instanceof Error ? error.message : String(error);
  return {
    code: (error as { code?: unknown } | null)?.code ?? null,
    message: password ? message.split(password).join("[redacted]") : message,
  };
}

/**
 * The billing server's mailer: SMTP through nodemailer with `options`, or without them one that only logs (at info
 * level, which mail to which customer id) that a mail would have been sent. Timeouts are short because the lifecycle
 * worker waits for the send.
 *
 * @example
 * const mailer = createMailer({ smtpUrl: "smtps://billing:secret@smtp.example.com", from: "billing@example.com" }, app.log);
 * await mailer.send({ to, subject, text, html, about: { kind: "renewal_authentication", projectId, appUserId } });
 */
export function createMailer(options: MailOptions | null, log: MailLog): Mailer {
  if (!options) {
    return {
      async send(mail) {
        log.info(
          { mail: mail.about },
          "mail not sent: no SMTP server is configured (SMTP_URL and MAIL_FROM)",
        );
        return false;
      },
      close() {},
    };
  }
  const transport = createTransport(
    { url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from: options.from },
  );
  return {
    async send(mail) {
      try {
        await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        log.info({ mail: mail.about }, "mail sent");
        return true;
      } catch (error) {
        log.error(
          { mail: mail.about, failure: describeFailure(error, options.smtpUrl) },
          "mail could not be sent",
        );
        return false;
      }
    },
    close: () => transport.close(),
  };
}
