import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { BillingContext } from "../context.js";
import { customerInfoResponse } from "../domain/customers.js";

/** How long a management link works after it was handed out (in customer info or a checkout start). */
export const MANAGEMENT_LINK_TTL_MS = 30 * 24 * 60 * 60_000;

/** What the hosted "Manage subscription" page needs to sign its links. */
export interface ManagementLinks {
  /** The HMAC key of the links (at least 32 characters); never logged. */
  secret: string;
  /** The billing server's public base URL including its prefix (e.g. `https://shop.example/billing`); by default the request's own origin and the plugin's prefix. */
  publicUrl: string | null;
  /** The plugin's prefix, for the default base URL. */
  prefix: string;
}

/** Whom a management link is for. */
export interface ManagementSubject {
  projectId: string;
  appUserId: string;
}

const b64 = (value: Buffer | string) => Buffer.from(value).toString("base64url");
const mac = (secret: string, body: string) => createHmac("sha256", secret).update(`manage.${body}`).digest();

/**
 * A signed, expiring token naming a project's customer: `{payload}.{hmac}`, both base64url. Knowing it is what
 * lets a browser manage that customer's subscriptions, like a password-reset link.
 *
 * @example
 * signManagementToken(secret, { projectId: "realmheart", appUserId: "u1" }, new Date());
 */
export function signManagementToken(secret: string, subject: ManagementSubject, now: Date): string {
  const body = b64(
    JSON.stringify({ p: subject.projectId, u: subject.appUserId, e: now.getTime() + MANAGEMENT_LINK_TTL_MS }),
  );
  return `${body}.${b64(mac(secret, body))}`;
}

/**
 * The customer a token names, or null when it is malformed, forged or expired.
 *
 * @example
 * readManagementToken(secret, token, new Date()); // { projectId: "realmheart", appUserId: "u1" }
 */
export function readManagementToken(secret: string, token: string, now: Date): ManagementSubject | null {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined || token.length > 4096) return null;
  const expected = mac(secret, body);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>;
    const { p, u, e } = payload;
    if (typeof p !== "string" || typeof u !== "string" || typeof e !== "number" || e <= now.getTime())
      return null;
    return { projectId: p, appUserId: u };
  } catch {
    return null;
  }
}

/**
 * The customer info answer of a request (`GET /v1/subscribers/…`, a receipt, an admin cancel), with the customer's
 * `management_url`.
 *
 * @example
 * return customerInfoFor(ctx, request, request.caller.projectId, appUserId);
 */
export function customerInfoFor(
  ctx: BillingContext,
  request: FastifyRequest,
  projectId: string,
  appUserId: string,
): ReturnType<typeof customerInfoResponse> {
  return customerInfoResponse(
    ctx,
    ctx.db,
    projectId,
    appUserId,
    managementUrlFor(ctx, request, projectId, appUserId),
  );
}

/**
 * The `management_url` for a customer: the hosted page with a fresh signed link when the server has a
 * management secret, else the configured static URL (or null).
 *
 * @example
 * customerInfoResponse(ctx, ctx.db, projectId, appUserId, managementUrlFor(ctx, request, projectId, appUserId));
 */
export function managementUrlFor(
  ctx: Pick<BillingContext, "management" | "managementUrl" | "now">,
  request: FastifyRequest,
  projectId: string,
  appUserId: string,
): string | null {
  if (!ctx.management) return ctx.managementUrl;
  const base = ctx.management.publicUrl ?? `${request.protocol}://${request.host}${ctx.management.prefix}`;
  return managePageUrl(ctx.management.secret, base, { projectId, appUserId }, ctx.now());
}

/** The hosted page of a customer under `base` (the server's public URL with its prefix), with a fresh signed link. */
function managePageUrl(secret: string, base: string, subject: ManagementSubject, now: Date): string {
  return `${base.replace(/\/+$/, "")}/manage/${signManagementToken(secret, subject, now)}`;
}

/**
 * A customer's hosted page for work done outside a request (a mail from the lifecycle worker), which has no origin
 * to fall back on: null unless the page is on and `management.publicUrl` is set.
 *
 * @example
 * publicManagePageUrl(ctx, { projectId: "realmheart", appUserId: "u1" }); // "https://shop.example/billing/manage/…"
 */
export function publicManagePageUrl(
  ctx: Pick<BillingContext, "management" | "now">,
  subject: ManagementSubject,
): string | null {
  const { management } = ctx;
  if (!management?.publicUrl) return null;
  return managePageUrl(management.secret, management.publicUrl, subject, ctx.now());
}

/**
 * The page where the customer confirms the renewal payment of `productId` that their bank holds (SCA), under their
 * hosted page (`…/manage/{token}`, absolute or not).
 *
 * @example
 * confirmPaymentUrl("/billing/manage/eyJw….sig", "premium_realm_monthly");
 * // "/billing/manage/eyJw….sig/confirm-payment?product=premium_realm_monthly"
 */
export function confirmPaymentUrl(managePage: string, productId: string): string {
  return `${managePage}/confirm-payment?product=${encodeURIComponent(productId)}`;
}
