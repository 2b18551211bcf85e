// The protocol fixtures shared by the SDK tests and the billing server's tests (fixtures/protocol).
import offerings from "../../fixtures/protocol/offerings.json";
import products from "../../fixtures/protocol/products.json";
import customerInfo from "../../fixtures/protocol/customer-info.json";
import branding from "../../fixtures/protocol/branding.json";
import checkoutStart from "../../fixtures/protocol/checkout-start.json";
import calculateTaxes from "../../fixtures/protocol/calculate-taxes.json";
import checkoutPricingDiscount from "../../fixtures/protocol/checkout-pricing-discount.json";
import checkoutComplete from "../../fixtures/protocol/checkout-complete.json";
import checkoutStatusSucceeded from "../../fixtures/protocol/checkout-status-succeeded.json";
import errors from "../../fixtures/protocol/errors.json";
import type {
  WireBrandingInfo,
  WireCalculateTaxesResponse,
  WireCheckoutCompleteResponse,
  WireCheckoutStartResponse,
  WireCheckoutStatusResponse,
  WireCustomerInfoResponse,
  WireOfferingsResponse,
  WireProductsResponse,
} from "../../src/http/wire";

/** A deep copy, so a test may change a fixture without touching the others. */
function copy<T>(value: unknown): T {
  return structuredClone(value) as T;
}

export const fixtures = {
  offerings: () => copy<WireOfferingsResponse>(offerings),
  products: () => copy<WireProductsResponse>(products),
  customerInfo: () => copy<WireCustomerInfoResponse>(customerInfo),
  branding: () => copy<WireBrandingInfo>(branding),
  checkoutStart: () => copy<WireCheckoutStartResponse>(checkoutStart),
  calculateTaxes: () => copy<WireCalculateTaxesResponse>(calculateTaxes),
  /** A pricing answer with the promotion code WELCOME10 (10 % off R99) applied, taxed for ZA. */
  checkoutPricingDiscount: () => copy<WireCalculateTaxesResponse>(checkoutPricingDiscount),
  checkoutComplete: () => copy<WireCheckoutCompleteResponse>(checkoutComplete),
  checkoutStatusSucceeded: () => copy<WireCheckoutStatusResponse>(checkoutStatusSucceeded),
  errors: () =>
    copy<Record<keyof typeof errors, { status: number; body: { code: number; message: string } }>>(errors),
};
