import type { HttpClient } from "./http-client";
import type {
  WireAttribute,
  WireBrandingInfo,
  WireCustomerInfoResponse,
  WireEventsRequest,
  WireOfferingsResponse,
  WireProductsResponse,
} from "./wire";

const enc = encodeURIComponent;

/** The typed billing-provider calls of docs/protocol.md; one method per endpoint, nothing else. */
export class Backend {
  constructor(readonly http: HttpClient) {}

  /**
   * The offerings; this billing server sends their products' details (in `currency`) and the branding along, others
   * do not.
   */
  getOfferings(
    appUserId: string,
    currency: string | undefined,
    signal?: AbortSignal,
  ): Promise<WireOfferingsResponse> {
    const query: [string, string][] = [["include", "product_details,branding"]];
    if (currency) query.push(["currency", currency]);
    return this.http.request({
      name: "getOfferings",
      method: "GET",
      path: `/v1/subscribers/${enc(appUserId)}/offerings`,
      query,
      field: "offerings",
      signal,
    });
  }

  getProducts(
    appUserId: string,
    productIds: readonly string[],
    currency: string | undefined,
    signal?: AbortSignal,
  ): Promise<WireProductsResponse> {
    const query: [string, string][] = productIds.map((id) => ["id", id]);
    if (currency) query.push(["currency", currency]);
    return this.http.request({
      name: "getProducts",
      method: "GET",
      path: `/rcbilling/v1/subscribers/${enc(appUserId)}/products`,
      query,
      field: "product_details",
      signal,
    });
  }

  getCustomerInfo(appUserId: string, signal?: AbortSignal): Promise<WireCustomerInfoResponse> {
    return this.http.request({
      name: "getCustomerInfo",
      method: "GET",
      path: `/v1/subscribers/${enc(appUserId)}`,
      field: "subscriber",
      signal,
    });
  }

  getBranding(signal?: AbortSignal): Promise<WireBrandingInfo> {
    return this.http.request({ name: "getBranding", method: "GET", path: "/rcbilling/v1/branding", signal });
  }

  postAttributes(
    appUserId: string,
    attributes: Record<string, WireAttribute>,
    signal?: AbortSignal,
  ): Promise<unknown> {
    return this.http.request({
      name: "postAttributes",
      method: "POST",
      path: `/v1/subscribers/${enc(appUserId)}/attributes`,
      body: { attributes },
      signal,
    });
  }

  /** @returns the HTTP status, which the analytics flusher judges (200 and 201 are success). */
  async postEvents(body: WireEventsRequest, options: { keepalive?: boolean; baseUrl?: string } = {}) {
    const { status } = await this.http.requestWithStatus<unknown>({
      name: "postEvents",
      method: "POST",
      path: "/v1/events",
      body,
      keepalive: options.keepalive,
      baseUrl: options.baseUrl,
    });
    return status;
  }
}
