import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { and, eq } from "drizzle-orm";
import type { BillingContext } from "../context.js";
import { accessEnd } from "../domain/customer-info.js";
import { BillingError } from "../http/billing-error.js";
import { products, purchases } from "../db/schema.js";
import { cancelSubscription, resumeSubscription } from "../lifecycle/cancel-subscription.js";
import { transition } from "../lifecycle/subscription-machine.js";
import type { SubscriptionPhases } from "../lifecycle/next-renewal-period.js";
import type { Mailer } from "../mail/mailer.js";
import { awaitingConfirmation } from "./awaiting-confirmation.js";
import { renderEntryPage } from "./entry-page.js";
import { readManageToken, type ManageTokenKind, type ManagementSubject } from "./manage-token.js";
import {
  MANAGE_PAGE_CSP,
  renderInvalidLinkPage,
  renderManagePage,
  type ManagedReceipt,
  type ManagedSubscription,
} from "./manage-page.js";
import { pickManageLocale } from "./manage-texts.js";
import { sendPage } from "./page-layout.js";
import { entryPageState, mailSignInLink } from "./sign-in-link.js";

type PurchaseRow = typeof purchases.$inferSelect;

/**
 * A subscription's latest period, as the page shows its state at `now`: one past its expiry whose renewal is still
 * being retried (its grace period runs) is a payment problem, not ended.
 */
function stateOf(p: PurchaseRow & { expiresDate: Date }, now: Date): ManagedSubscription["state"] {
  if (p.refundedAt !== null || accessEnd(p) <= now) return "expired";
  if (p.unsubscribeDetectedAt !== null) return "cancelled";
  return p.billingIssuesDetectedAt !== null ? "billing_issue" : "active";
}

/** What the cancel button would do to the period now, as the subscription machine decides it. */
function cancelEffect(p: PurchaseRow, now: Date): ManagedSubscription["cancel"] {
  const result = transition(p, { type: "cancel" }, now);
  if (!result.ok) return null;
  return result.name === "cancelled_and_ended" ? "now" : "at_period_end";
}

/** The customer's subscriptions (latest period of each product) and every payment, newest first. */
async function loadCustomer(ctx: BillingContext, subject: ManagementSubject) {
  const rows = await ctx.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.projectId, subject.projectId), eq(purchases.appUserId, subject.appUserId)));
  const catalogue = await ctx.db
    .select({ id: products.identifier, title: products.title, options: products.purchaseOptions })
    .from(products)
    .where(eq(products.projectId, subject.projectId));
  const titles = new Map(catalogue.map((p) => [p.id, p.title]));
  const options = new Map(
    catalogue.map((p) => [p.id, p.options as Record<string, Partial<SubscriptionPhases>>]),
  );
  /** The regular price a period renews at (a trial's own price is nothing). */
  const basePrice = (p: PurchaseRow) => options.get(p.productId)?.[p.optionId]?.base?.price;
  const latest = new Map<string, PurchaseRow & { expiresDate: Date }>();
  for (const p of rows) {
    if (!p.expiresDate) continue;
    const current = latest.get(p.productId);
    if (!current || p.expiresDate > current.expiresDate)
      latest.set(p.productId, { ...p, expiresDate: p.expiresDate });
  }
  const now = ctx.now();
  const subscriptions: ManagedSubscription[] = [...latest.values()].map((p) => ({
    productId: p.productId,
    title: titles.get(p.productId) ?? p.productId,
    state: stateOf(p, now),
    expiresDate: accessEnd(p),
    awaitsConfirmation: awaitingConfirmation(p, now) !== null,
    cancel: cancelEffect(p, now),
    priceMicros: basePrice(p)?.amount_micros ?? p.priceMicros,
    currency: basePrice(p)?.currency ?? p.currency,
    store: p.store,
  }));
  const receipts: ManagedReceipt[] = [...rows]
    .sort((a, b) => b.purchaseDate.getTime() - a.purchaseDate.getTime())
    .map((p) => ({
      date: p.purchaseDate,
      title: titles.get(p.productId) ?? p.productId,
      priceMicros: p.priceMicros,
      currency: p.currency,
      transactionId: p.storeTransactionId,
      refunded: p.refundedAt !== null,
    }));
  return { subscriptions, receipts };
}

/**
 * Whether a form post comes from this page. Browsers that send `Sec-Fetch-Site` are judged by it (the page's
 * `no-referrer` policy makes their `Origin` "null"); others by `Origin` when they send one.
 */
function fromThisSite(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined) return site === "same-origin" || site === "none";
  const origin = request.headers.origin;
  return origin === undefined || origin === `${request.protocol}://${request.host}`;
}

/** The token kind each form action takes: only an access token acts on subscriptions. */
const ACTION_TOKEN_KIND: Record<string, ManageTokenKind> = {
  "email-link": "entry",
  cancel: "access",
  resume: "access",
};

/**
 * The hosted "Manage subscription" page at `GET {prefix}/manage/:token[?lang=]`, in the customer's language. No API
 * key: the link's token is the credential, and its kind decides what it opens (`manage-token.ts`):
 *
 * - an ENTRY token (the `management_url` of customer info and checkout start, which anyone with the public key can
 *   get) opens the entry page: no purchase, receipt or address, only a button whose `POST …/email-link` mails a
 *   sign-in link to the customer's purchase email (flood-limited; the answer is the same whether a mail went out).
 * - an ACCESS token (a sign-in link, a host-minted link, a renewal confirmation mail) shows the subscriptions and
 *   receipts; `POST …/manage/:token/cancel` and `…/resume` (form field `product`) turn renewal off and on — the host
 *   app gets `CANCELLATION` / `UNCANCELLATION` — and answer 303 back to the page, which announces what happened.
 *
 * A forged, expired or old-format token, or one of the wrong kind for the action, shows the invalid-link page (404);
 * a form posted from another site is refused (403).
 *
 * @example
 * await app.register(managePageRoutes, { ctx, mailer });
 */
export async function managePageRoutes(
  app: FastifyInstance,
  { ctx, mailer }: { ctx: BillingContext; mailer: Mailer | null },
) {
  const management = ctx.management;
  if (!management) return;
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const config = { public: true };
  const html = (reply: FastifyReply, status: number, page: string) =>
    sendPage(reply, status, MANAGE_PAGE_CSP, page);

  app.get<{ Params: { token: string }; Querystring: { lang?: unknown; done?: unknown } }>(
    "/manage/:token",
    { config },
    async (request, reply) => {
      const locale = pickManageLocale(request.query.lang, request.headers["accept-language"]);
      const token = readManageToken(management.secret, request.params.token, ctx.now());
      if (!token) return html(reply, 404, renderInvalidLinkPage(locale));
      const actionBase = `${management.prefix}/manage/${request.params.token}`;
      if (token.kind === "entry") {
        const state = await entryPageState(ctx, mailer, token.subject);
        return html(reply, 200, renderEntryPage({ locale, state, actionBase }));
      }
      const done = request.query.done;
      return html(
        reply,
        200,
        renderManagePage({
          locale,
          actionBase,
          ...(await loadCustomer(ctx, token.subject)),
          notice: done === "cancelled" || done === "ended" || done === "resumed" ? done : null,
        }),
      );
    },
  );

  app.post<{ Params: { token: string; action: string }; Querystring: { lang?: unknown }; Body: unknown }>(
    "/manage/:token/:action",
    { config },
    async (request, reply) => {
      const locale = pickManageLocale(request.query.lang, request.headers["accept-language"]);
      const token = readManageToken(management.secret, request.params.token, ctx.now());
      const { action } = request.params;
      if (!token || token.kind !== ACTION_TOKEN_KIND[action])
        return html(reply, 404, renderInvalidLinkPage(locale));
      if (!fromThisSite(request))
        return reply.code(403).type("text/plain").send("Cross-site form posts are refused.");
      const actionBase = `${management.prefix}/manage/${request.params.token}`;
      if (action === "email-link") {
        const asked = { subject: token.subject, ip: request.ip, locale };
        const state = await mailSignInLink(ctx, { mailer, log: request.log }, asked);
        return html(reply, 200, renderEntryPage({ locale, state, actionBase }));
      }
      const body = (request.body ?? {}) as Record<string, unknown>;
      const productId = typeof body.product === "string" ? body.product.slice(0, 200) : "";
      const change = action === "cancel" ? cancelSubscription : resumeSubscription;
      let done = "";
      try {
        const period = await change(ctx, { ...token.subject, productId, at: ctx.now() });
        done =
          action === "resume"
            ? "&done=resumed"
            : period.lifecycleHandledAt
              ? "&done=ended"
              : "&done=cancelled";
      } catch (error) {
        if (!(error instanceof BillingError)) throw error;
        // Nothing running to change (it ended meanwhile): the page shows how things are.
        request.log.info(
          { reason: error instanceof Error ? error.message : String(error) },
          "manage page action changed nothing",
        );
      }
      return reply.redirect(`${actionBase}?lang=${locale}${done}`, 303);
    },
  );
}
