import { z } from "zod";

/** The SMTP server the billing server mails customers through (`SMTP_URL`, `MAIL_FROM` in the CLI). */
export interface MailOptions {
  /**
   * `smtp://` (STARTTLS when the server offers it) or `smtps://` (TLS from the start), with the login in the URL:
   * `smtps://user:password@smtp.example.com:465`. Never logged.
   */
  smtpUrl: string;
  /** The sender: `billing@example.com` or `Realmheart Billing <billing@example.com>`. */
  from: string;
}

const isSmtpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
  } catch {
    return false;
  }
};

const ADDRESS = String.raw`[^\s@<>"]+@[^\s@<>".]+(?:\.[^\s@<>".]+)+`;
const MAIL_FROM = new RegExp(String.raw`^(?:${ADDRESS}|[^<>\r\n]*<${ADDRESS}>)$`);

// The messages never repeat the value: an SMTP URL carries a password.
/** `SMTP_URL` / `mail.smtpUrl`. */
export const smtpUrlSchema = z
  .string()
  .refine(
    isSmtpUrl,
    "an smtp:// or smtps:// URL with a host, such as smtps://user:password@smtp.example.com:465",
  );
/** `MAIL_FROM` / `mail.from`. */
export const mailFromSchema = z
  .string()
  .trim()
  .regex(
    MAIL_FROM,
    "a sender address, such as billing@example.com or Realmheart Billing <billing@example.com>",
  );

/**
 * The plugin's `mail` option, checked: a bad one is refused when the plugin registers, with a message naming the
 * field (and never the URL, which holds a password).
 *
 * @example
 * checkMailOptions({ smtpUrl: "smtps://billing:secret@smtp.example.com", from: "billing@example.com" });
 */
export function checkMailOptions(options: MailOptions): MailOptions {
  const url = smtpUrlSchema.safeParse(options.smtpUrl);
  if (!url.success) throw new Error(`mail.smtpUrl must be ${url.error.issues[0]?.message}`);
  const from = mailFromSchema.safeParse(options.from);
  if (!from.success) throw new Error(`mail.from must be ${from.error.issues[0]?.message}`);
  return { smtpUrl: url.data, from: from.data };
}
