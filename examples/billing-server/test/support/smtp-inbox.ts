// A real SMTP server on loopback (smtp-server) that requires a login and keeps what it receives, with the text and
// HTML parts decoded from MIME as a mail client would: what nodemailer really puts on the wire is what tests read.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One mail as received. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpInbox {
  /** `smtp://user:password@127.0.0.1:port`, for the billing server's `mail.smtpUrl`. */
  url: string;
  password: string;
  mails: ReceivedMail[];
  /** Waits until `count` mails have arrived (10 s at most). */
  waitFor(count: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

const header = (head: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(head)?.[1]?.replace(/\r?\n[ \t]/g, " ") ??
  "";

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** The decoded parts of a MIME entity, by content type (`text/plain`, `text/html`), nested multiparts included. */
function parts(entity: string, found: Record<string, string> = {}): Record<string, string> {
  const split = /\r?\n\r?\n/.exec(entity);
  const head = split ? entity.slice(0, split.index) : entity;
  const body = split ? entity.slice(split.index + split[0].length) : "";
  const type = header(head, "Content-Type");
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith("--")) break;
      parts(part.replace(/^\r?\n/, ""), found);
    }
  } else {
    const mime = (type.split(";")[0] ?? "text/plain").trim().toLowerCase() || "text/plain";
    found[mime] = decodeBody(body, header(head, "Content-Transfer-Encoding")).replace(/\r\n/g, "\n");
  }
  return found;
}

export async function startSmtpInbox(user = "billing"): Promise<SmtpInbox> {
  const password = `smtp-pass-${Math.random().toString(36).slice(2)}`;
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: STARTTLS would need a certificate the client trusts.
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("latin1");
        const split = /\r?\n\r?\n/.exec(raw);
        const decoded = parts(raw);
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: header(split ? raw.slice(0, split.index) : raw, "Subject"),
          text: decoded["text/plain"] ?? "",
          html: decoded["text/html"] ?? "",
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${user}:${password}@127.0.0.1:${port}`,
    password,
    mails,
    async waitFor(count) {
      const deadline = Date.now() + 10_000;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${mails.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
