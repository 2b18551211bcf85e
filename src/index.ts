// The public surface of purchases-web. Every export is named here; nothing internal leaks.
export { Purchases } from "./purchases";
export type {
  GetOfferingsParams,
  PlatformInfo,
  BrandingInfo,
  PurchaseParams,
  IdentifyResult,
} from "./purchases";
export type {
  CustomPaywallImpressionParams,
  PaywallInteractionEvent,
  PaywallListener,
  PurchaseListener,
  PaywallPurchaseResult,
  PresentPaywallParams,
} from "./paywall/paywall-params";
export type {
  ExpressPurchaseButtonUpdater,
  PresentExpressPurchaseButtonParams,
  WalletButtonTheme,
} from "./ui/express-purchase-button";
export { PAYWALL_COMPONENT_TYPES } from "./model/paywall-component-types";
export type {
  PurchasesConfig,
  HttpConfig,
  FlagsConfig,
  BrandingAppearance,
  StoreLoadTime,
} from "./config/purchases-config";
export type { PurchaseMetadata } from "./checkout/checkout-metadata";
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
export { UninitializedPurchasesError } from "./errors/uninitialized-purchases-error";
export type { PurchasesErrorExtra, PurchasesErrorOptions } from "./errors/purchases-error";
export { LogLevel } from "./logger";
export { formatPrice } from "./format/format-price";
export { formatPeriod } from "./format/format-period";
export type { FormatPeriodOptions } from "./format/format-period";
export type { LogHandler } from "./logger";
export { OfferingKeyword, PackageType, PeriodUnit, ProductType } from "./model/types";
export { ReservedCustomerAttribute } from "./model/reserved-customer-attribute";
export { CustomVariableValue } from "./model/custom-variable-value";
export type { CustomVariables } from "./model/custom-variable-value";
export type { VirtualCurrencies, VirtualCurrency } from "./virtual-currencies/types";
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
