import type { FastifyInstance } from "fastify";
import { ApiError, forbidden, notFound } from "../../http/api-error.js";
import { isSameOriginRequest } from "../../http/same-origin-guard.js";
import { authorizationPage, decidedPage } from "./sandbox-page.js";
import type { SandboxGateway, SandboxTransaction } from "./sandbox-gateway.js";

/** Form posts are tiny: a decision and a checkbox. */
const FORM_BODY_LIMIT = 4 * 1024;

/** The app's callback with the reference added, as Paystack returns the browser (`?trxref=…&reference=…`). */
function returnUrl(transaction: SandboxTransaction): string {
  const base = transaction.callbackUrl ?? "/";
  const absolute = /^https?:\/\//i.test(base);
  const url = new URL(base, "http://sandbox.invalid");
  url.searchParams.set("trxref", transaction.reference);
  url.searchParams.set("reference", transaction.reference);
  return absolute ? url.toString() : `${url.pathname}${url.search}`;
}

/**
 * The sandbox gateway's authorization page, `GET /sandbox/authorize/{reference}`, and its form post
 * (`application/x-www-form-urlencoded`, parsed for this route only) `decision=approve|decline` to the same
 * address, which records the outcome once and answers 303 to the app's callback. Unknown references are 404.
 * Like every state-changing request, the post must come from this origin.
 *
 * @example
 * await app.register(sandboxRoutes, { prefix: "/sandbox", gateway });
 */
export async function sandboxRoutes(
  app: FastifyInstance,
  { gateway }: { gateway: SandboxGateway },
): Promise<void> {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, new URLSearchParams(body.toString())),
  );

  app.get<{ Params: { reference: string } }>("/authorize/:reference", async (request, reply) => {
    const transaction = await gateway.find(request.params.reference);
    if (!transaction || transaction.kind !== "checkout") throw notFound("Payment not found");
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
    if (transaction.status !== "pending") return decidedPage(transaction, returnUrl(transaction));
    return authorizationPage(transaction, request.url.split("?")[0] ?? request.url);
  });

  app.post<{ Params: { reference: string } }>("/authorize/:reference", async (request, reply) => {
    if (!isSameOriginRequest(request)) throw forbidden("cross_origin");
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const decision = form.get("decision");
    if (decision !== "approve" && decision !== "decline") {
      throw new ApiError(400, "Choose Approve or Decline", "validation_error", {
        decision: "Choose Approve or Decline",
      });
    }
    const existing = await gateway.find(request.params.reference);
    if (!existing || existing.kind !== "checkout") throw notFound("Payment not found");
    const decided = await gateway.decide(existing.reference, decision, {
      declineCharges: form.get("decline_charges") === "on",
    });
    return reply.redirect(returnUrl(decided ?? existing), 303);
  });
}
