// The signed tokens in the hosted pages' links (`{prefix}/manage/{token}`). Two kinds, never interchangeable:
//
// - an ENTRY token is what customer info and checkout start hand out (`management_url`). API keys are public and
//   app user ids can be guessed, so it proves nothing about who holds it: it only opens the page that offers to mail
//   a sign-in link to the purchase's email address.
// - an ACCESS token is proof of the customer: mailed to their purchase email (a sign-in link, a renewal payment to
//   confirm) or minted by the host app with its secret. It shows receipts and lets them cancel, resume and confirm.
//
// `{body}.{mac}`, both base64url; the body is JSON `{ v, k, p, u, e }` (version, kind, project, app user id, expiry
// in ms). The MAC's domain names the format's version, so a token of the first format (30-day links that granted
// everything, MAC'd as `manage.{body}`) never verifies, whatever its payload says.
import { createHmac, timingSafeEqual } from "node:crypto";

/** What a token lets its holder do: ask for a sign-in mail (`entry`), or see and change the subscriptions (`access`). */
export type ManageTokenKind = "entry" | "access";

/** Whom a management link is for. */
export interface ManagementSubject {
  projectId: string;
  appUserId: string;
}

/** A token that verified: its kind and customer. */
export interface ManageToken {
  kind: ManageTokenKind;
  subject: ManagementSubject;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** How long an access link minted for a host app or mailed as a sign-in link works: one hour, like a password-reset link. */
export const MANAGEMENT_LINK_TTL_MS = 60 * MINUTE_MS;
/**
 * How long the link in a renewal payment confirmation mail works: 7 days, longer than the grace period
 * (GRACE_PERIOD_DAYS, 6) in which the mail asks the customer to confirm.
 */
export const MAILED_LINK_TTL_MS = 7 * DAY_MS;
/** How long an entry link works; it grants nothing but asking for a sign-in mail, and each customer info gives a fresh one. */
export const ENTRY_LINK_TTL_MS = 30 * DAY_MS;

const VERSION = 2;
const MAC_DOMAIN = "purchases-web billing manage link v2\n";
const MAX_TOKEN_LENGTH = 4096;

const b64 = (value: Buffer | string) => Buffer.from(value).toString("base64url");
const mac = (secret: string, body: string) =>
  createHmac("sha256", secret).update(`${MAC_DOMAIN}${body}`).digest();

/**
 * Signs a token of `kind` for `subject`, working until `expiresAtMs`.
 *
 * @example
 * signManageToken(secret, "entry", { projectId: "realmheart", appUserId: "u1" }, Date.now() + ENTRY_LINK_TTL_MS);
 */
export function signManageToken(
  secret: string,
  kind: ManageTokenKind,
  subject: ManagementSubject,
  expiresAtMs: number,
): string {
  const payload = { v: VERSION, k: kind, p: subject.projectId, u: subject.appUserId, e: expiresAtMs };
  const body = b64(JSON.stringify(payload));
  return `${body}.${b64(mac(secret, body))}`;
}

/** The payload of a token whose MAC verified, or null. */
function verifiedPayload(secret: string, token: string): Record<string, unknown> | null {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined || token.length > MAX_TOKEN_LENGTH) return null;
  const expected = mac(secret, body);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    return typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The kind and customer of a token, or null when it is malformed, forged, of another format or expired at `now`.
 *
 * @example
 * readManageToken(secret, token, new Date()); // { kind: "entry", subject: { projectId: "realmheart", appUserId: "u1" } }
 */
export function readManageToken(secret: string, token: string, now: Date): ManageToken | null {
  const payload = verifiedPayload(secret, token);
  if (!payload) return null;
  const { v, k, p, u, e } = payload;
  if (v !== VERSION || (k !== "entry" && k !== "access")) return null;
  if (typeof p !== "string" || typeof u !== "string" || typeof e !== "number" || e <= now.getTime())
    return null;
  return { kind: k, subject: { projectId: p, appUserId: u } };
}

/**
 * An access token for a host app to put behind its own "Manage subscription" button: it shows the customer's
 * receipts and lets them cancel, resume and confirm payments for {@link MANAGEMENT_LINK_TTL_MS} (one hour) from
 * `now`. Mint it server-side, when the signed-in customer asks, with the plugin's `management.secret`; the page is
 * `{billing server URL}/manage/{token}`.
 *
 * @example
 * const token = signManagementToken(secret, { projectId: "realmheart", appUserId: "u1" }, new Date());
 * reply.redirect(`https://shop.example/billing/manage/${token}`);
 */
export function signManagementToken(secret: string, subject: ManagementSubject, now: Date): string {
  return signManageToken(secret, "access", subject, now.getTime() + MANAGEMENT_LINK_TTL_MS);
}

/**
 * The customer an access token names, or null when it is malformed, forged, expired or not an access token (an
 * entry token from customer info, or a link of the first, 30-day format).
 *
 * @example
 * readManagementToken(secret, token, new Date()); // { projectId: "realmheart", appUserId: "u1" }
 */
export function readManagementToken(secret: string, token: string, now: Date): ManagementSubject | null {
  const read = readManageToken(secret, token, now);
  return read?.kind === "access" ? read.subject : null;
}
