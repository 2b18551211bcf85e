// The calls of docs/protocol.md that only lazily loaded code makes, one function per endpoint: the checkout's (the
// express purchase button's prepare among them) and the Test Store's (the core never starts, prices or completes a
// checkout), the virtual currency balances and identify (sign-in, once a session).
// They sit outside the Backend class so that the core's bundle does not carry them.
import type { Backend } from "./backend";
import type {
  WireCalculateTaxesResponse,
  WireCheckoutPrepareResponse,
  WireCheckoutCompleteResponse,
  WireCheckoutStartRequest,
  WireCheckoutStartResponse,
  WireCheckoutStatusResponse,
  WireCustomerInfoResponse,
  WireReceiptRequest,
  WireVirtualCurrenciesResponse,
} from "./wire";

const enc = encodeURIComponent;

/** Starts a checkout for a package (`POST /rcbilling/v1/checkout/start`). */
export function postCheckoutStart(
  backend: Backend,
  body: WireCheckoutStartRequest,
  signal?: AbortSignal,
): Promise<WireCheckoutStartResponse> {
  return backend.http.request({
    name: "postCheckoutStart",
    method: "POST",
    path: "/rcbilling/v1/checkout/start",
    body,
    signal,
  });
}

/**
 * What Stripe's elements need to show a product's option before any checkout exists
 * (`POST /rcbilling/v1/checkout/prepare`): the express purchase button draws the wallets with it.
 */
export function postCheckoutPrepare(
  backend: Backend,
  body: { product_id: string; price_id: string; offer_id?: string },
): Promise<WireCheckoutPrepareResponse> {
  return backend.http.request({
    name: "postCheckoutPrepare",
    method: "POST",
    path: "/rcbilling/v1/checkout/prepare",
    body,
    field: "stripe_gateway_params",
  });
}

/** Prices the checkout for the buyer's address (`POST …/checkout/:id/calculate_taxes`). */
export function postCalculateTaxes(
  backend: Backend,
  operationSessionId: string,
  body: { country_code?: string; postal_code?: string },
  signal?: AbortSignal,
): Promise<WireCalculateTaxesResponse> {
  return backend.http.request({
    name: "postCalculateTaxes",
    method: "POST",
    path: `/rcbilling/v1/checkout/${enc(operationSessionId)}/calculate_taxes`,
    body,
    signal,
  });
}

/**
 * Prices the checkout again: tax for the address, and the promotion code applied (`discount_code`: a code),
 * removed (null) or kept (absent).
 */
export function patchCheckout(
  backend: Backend,
  operationSessionId: string,
  body: { country_code?: string; postal_code?: string; discount_code?: string | null },
  signal?: AbortSignal,
): Promise<WireCalculateTaxesResponse> {
  return backend.http.request({
    name: "patchCheckout",
    method: "PATCH",
    path: `/rcbilling/v1/checkout/${enc(operationSessionId)}`,
    body,
    signal,
  });
}

/** Completes the checkout once the payment details are in (`POST …/checkout/:id/complete`). */
export function postCheckoutComplete(
  backend: Backend,
  operationSessionId: string,
  body: { email?: string },
  signal?: AbortSignal,
): Promise<WireCheckoutCompleteResponse> {
  return backend.http.request({
    name: "postCheckoutComplete",
    method: "POST",
    path: `/rcbilling/v1/checkout/${enc(operationSessionId)}/complete`,
    body,
    signal,
  });
}

/** The checkout's state, polled until the purchase is done (`GET …/checkout/:id`). */
export function getCheckoutStatus(
  backend: Backend,
  operationSessionId: string,
  signal?: AbortSignal,
): Promise<WireCheckoutStatusResponse> {
  return backend.http.request({
    name: "getCheckoutStatus",
    method: "GET",
    path: `/rcbilling/v1/checkout/${enc(operationSessionId)}`,
    signal,
  });
}

/** Posts a Test Store receipt (`POST /v1/receipts`): the simulated purchase. */
export function postReceipt(
  backend: Backend,
  body: WireReceiptRequest,
  signal?: AbortSignal,
): Promise<WireCustomerInfoResponse> {
  return backend.http.request({ name: "postReceipt", method: "POST", path: "/v1/receipts", body, signal });
}

/** The customer's virtual currency balances (`GET /v1/subscribers/:id/virtual_currencies`). */
export function getVirtualCurrencies(
  backend: Backend,
  appUserId: string,
  signal?: AbortSignal,
): Promise<WireVirtualCurrenciesResponse> {
  return backend.http.request({
    name: "getVirtualCurrencies",
    method: "GET",
    path: `/v1/subscribers/${enc(appUserId)}/virtual_currencies`,
    field: "virtual_currencies",
    signal,
  });
}

/**
 * Tells the server that `appUserId` is now `newAppUserId` (`POST /v1/subscribers/identify`).
 * @returns whether the server made a new customer for `newAppUserId` (it answers 201 then).
 */
export async function postIdentify(
  backend: Backend,
  appUserId: string,
  newAppUserId: string,
): Promise<boolean> {
  const { status } = await backend.http.requestWithStatus<unknown>({
    name: "postIdentify",
    method: "POST",
    path: "/v1/subscribers/identify",
    body: { app_user_id: appUserId, new_app_user_id: newAppUserId },
  });
  return status === 201;
}
