// The public surface of purchases-web. Every export is named here; nothing internal leaks.
export { Purchases } from "./purchases";
export type { GetOfferingsParams, PlatformInfo, BrandingInfo, PurchaseParams } from "./purchases";
export type { PaywallListener, PaywallPurchaseResult, PresentPaywallParams } from "./paywall/paywall-params";
export type { PurchasesConfig, HttpConfig, FlagsConfig } from "./config/purchases-config";
export type { PurchasesEnvironment, TimerHandle } from "./environment";
export type {
  StripeConfirmationToken,
  StripeElementLike,
  StripeElementsLike,
  StripeGatewayError,
  StripeLike,
  StripeLoader,
} from "./stripe-like";
export { ErrorCode } from "./errors/error-code";
export { PurchasesError, isPurchasesError } from "./errors/purchases-error";
export type { PurchasesErrorExtra, PurchasesErrorOptions } from "./errors/purchases-error";
export { LogLevel } from "./logger";
export type { LogHandler } from "./logger";
export { PackageType, PeriodUnit, ProductType } from "./model/types";
export type {
  CustomerInfo,
  EntitlementInfo,
  EntitlementInfos,
  NonSubscriptionOption,
  NonSubscriptionTransaction,
  Offering,
  Offerings,
  OwnershipType,
  Package,
  PaywallData,
  Period,
  PeriodType,
  PresentedOfferingContext,
  Price,
  PricingPhase,
  Product,
  PurchaseOption,
  PurchaseResult,
  RedemptionInfo,
  Store,
  StoreTransaction,
  SubscriptionInfo,
  SubscriptionOption,
  TargetingContext,
} from "./model/types";
