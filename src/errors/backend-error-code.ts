// Apart from backend-error.ts: only the lazy checkout reads these, so the core's bundle does not carry them.

/** Backend codes with a name the checkout reacts to. */
export const BackendErrorCode = {
  InvalidEmail: 7012,
  InvalidApiKey: 7225,
  AlreadySubscribed: 7772,
  /** No payment gateway on the billing server, or the gateway failed (docs/protocol.md). */
  PaymentGatewayError: 7773,
  DiscountCodeNotFound: 7815,
  DiscountCodeExpired: 7816,
  DiscountCodeNotApplicable: 7817,
  DiscountCodeExhausted: 7818,
  EmailRequired: 7879,
  NoMxRecords: 7834,
  TaxServiceNotActive: 7898,
  InvalidTaxOriginAddress: 7899,
  MissingRequiredPermission: 7900,
} as const;
