import type { FastifyRequest } from "fastify";
import type { BillingContext, ManagementLinks } from "../context.js";
import { customerInfoResponse } from "../domain/customers.js";
import {
  ENTRY_LINK_TTL_MS,
  MAILED_LINK_TTL_MS,
  signManageToken,
  type ManageTokenKind,
  type ManagementSubject,
} from "./manage-token.js";

export type { ManagementLinks } from "../context.js";

/** A link to a customer's hosted page and when it stops working. */
export interface ManageLink {
  url: string;
  expiresAtMs: number;
}

/**
 * The hosted page's link of `kind` for `subject` under `base` (the server's public URL with its prefix), working
 * for `ttlMs` from `now`.
 *
 * @example
 * manageLink(management.secret, "https://shop.example/billing", "access", subject, now, MANAGEMENT_LINK_TTL_MS);
 * // { url: "https://shop.example/billing/manage/eyJ2….sig", expiresAtMs: … }
 */
export function manageLink(
  secret: string,
  base: string,
  kind: ManageTokenKind,
  subject: ManagementSubject,
  now: Date,
  ttlMs: number,
): ManageLink {
  const expiresAtMs = now.getTime() + ttlMs;
  const token = signManageToken(secret, kind, subject, expiresAtMs);
  return { url: `${base.replace(/\/+$/, "")}/manage/${token}`, expiresAtMs };
}

/**
 * The base of the hosted pages' links for an answer to `request`: the configured public URL, else the request's
 * origin and the plugin's prefix. Only for links handed to the caller itself: a link mailed to a customer must not
 * come from a Host header the requester chose (see {@link publicManagePageUrl}).
 *
 * @example
 * requestManageBase(management, request); // "http://127.0.0.1:4000/billing"
 */
export function requestManageBase(management: ManagementLinks, request: FastifyRequest): string {
  return management.publicUrl ?? `${request.protocol}://${request.host}${management.prefix}`;
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
  options: { withAttributes?: boolean } = {},
): ReturnType<typeof customerInfoResponse> {
  return customerInfoResponse(
    ctx,
    ctx.db,
    projectId,
    appUserId,
    managementUrlFor(ctx, request, projectId, appUserId),
    options,
  );
}

/**
 * The `management_url` for a customer, as any holder of the public API key may read it: when the server has a
 * management secret, an ENTRY link to the hosted page (it offers to mail a sign-in link to the purchase's email and
 * shows nothing else), else the configured static URL (or null).
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
  const { management } = ctx;
  if (!management) return ctx.managementUrl;
  const base = requestManageBase(management, request);
  return manageLink(management.secret, base, "entry", { projectId, appUserId }, ctx.now(), ENTRY_LINK_TTL_MS)
    .url;
}

/**
 * A customer's hosted page with an ACCESS link working {@link MAILED_LINK_TTL_MS} (7 days), for a mail from work
 * done outside a request (the lifecycle worker): null unless the page is on and `management.publicUrl` is set, as
 * there is no origin to fall back on.
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
  return manageLink(management.secret, management.publicUrl, "access", subject, ctx.now(), MAILED_LINK_TTL_MS)
    .url;
}

/**
 * The page where the customer confirms the renewal payment of `productId` that their bank holds (SCA), under their
 * hosted page (`…/manage/{token}`, absolute or not).
 *
 * @example
 * confirmPaymentUrl("/billing/manage/eyJ2….sig", "premium_realm_monthly");
 * // "/billing/manage/eyJ2….sig/confirm-payment?product=premium_realm_monthly"
 */
export function confirmPaymentUrl(managePage: string, productId: string): string {
  return `${managePage}/confirm-payment?product=${encodeURIComponent(productId)}`;
}
