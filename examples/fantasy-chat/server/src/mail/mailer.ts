import { createTransport } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../clock.js";
import type { AppConfig } from "../config.js";
import { escapeHtml } from "../http/escape-html.js";
import { describeError } from "../http/log-safety.js";

/** A mail the app sends. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A mail as the test outbox keeps it. */
export interface SentMail extends Mail {
  /** ISO 8601, on the app's clock. */
  sentAt: string;
}

/** Sends the app's mails; a failure is logged, never thrown (a sign-up must not fail because mail is slow). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** With NODE_ENV=test: every mail sent, oldest first (`GET /api/test/outbox`); null otherwise. */
  readonly outbox: SentMail[] | null;
}

/** Mails the test outbox keeps at most (the oldest go first). */
const OUTBOX_LIMIT = 1000;

/**
 * The app's mailer: SMTP through nodemailer when SMTP_URL is set; without it, in development the mail (its link
 * included) is printed to the log so a developer can follow it. With NODE_ENV=test every mail is also kept in an
 * in-memory outbox.
 *
 * @example
 * const mailer = createMailer(config, app.log, clock);
 * await mailer.send({ to, subject, text, html });
 */
export function createMailer(
  config: Pick<AppConfig, "smtpUrl" | "mailFrom" | "nodeEnv">,
  log: FastifyBaseLogger,
  clock: Clock,
): Mailer {
  const transport = config.smtpUrl ? createTransport(config.smtpUrl) : null;
  const outbox: SentMail[] | null = config.nodeEnv === "test" ? [] : null;
  return {
    outbox,
    async send(mail) {
      if (outbox) {
        outbox.push({ ...mail, sentAt: clock.now().toISOString() });
        if (outbox.length > OUTBOX_LIMIT) outbox.shift();
      }
      if (!transport) {
        if (config.nodeEnv === "development")
          log.info({ to: mail.to, subject: mail.subject }, `mail (no SMTP_URL):\n${mail.text}`);
        return;
      }
      try {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      } catch (error) {
        log.warn({ subject: mail.subject, reason: describeError(error) }, "a mail could not be sent");
      }
    },
  };
}

/**
 * A mail with one link, in text and HTML (every value escaped in the HTML).
 *
 * @example
 * linkMail({ to, subject: "Reset your Realmheart password", greeting: "Hello Ysolde,", lead, link, action: "Reset password", footer });
 */
export function linkMail(input: {
  to: string;
  subject: string;
  greeting: string;
  lead: string;
  link: string;
  action: string;
  footer: string;
}): Mail {
  const { to, subject, greeting, lead, link, action, footer } = input;
  return {
    to,
    subject,
    text: `${greeting}\n\n${lead}\n\n${link}\n\n${footer}\n\n— Realmheart`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(footer)}</p><p>— Realmheart</p>`,
  };
}
