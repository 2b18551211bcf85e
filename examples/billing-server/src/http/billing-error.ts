/** Backend error codes of docs/protocol.md that this server answers with. */
export const BillingErrorCode = {
  InvalidEmail: 7012,
  StoreProblem: 7101,
  InvalidReceipt: 7103,
  InternalServerError: 7110,
  EmptyAppUserId: 7220,
  InvalidApiKey: 7225,
  BadRequest: 7226,
  IneligibleForOffer: 7232,
  SubscriberNotFound: 7259,
  InvalidSubscriberAttributes: 7263,
  InvalidSubscriberAttributesBody: 7264,
  ProductIdsMalformed: 7662,
  AlreadySubscribed: 7772,
  PaymentGatewayError: 7773,
  OfferNotFound: 7814,
  DiscountCodeNotFound: 7815,
  DiscountCodeExpired: 7816,
  DiscountCodeNotApplicable: 7817,
  DiscountCodeExhausted: 7818,
  InvalidOperationSession: 7877,
  PurchaseCannotBeCompleted: 7878,
  EmailRequired: 7879,
  SandboxOnly: 7901,
} as const;

/** An error answered as `{ code, message }` with an HTTP status. */
export class BillingError extends Error {
  override readonly name = "BillingError";
  constructor(
    readonly statusCode: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: number = BillingErrorCode.BadRequest) =>
  new BillingError(400, code, message);
