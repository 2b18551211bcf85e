// The public, camelCase models. Pure data: the functions that build them live beside them in model/.

/** Unit of a billing period. */
export enum PeriodUnit {
  Year = "year",
  Month = "month",
  Week = "week",
  Day = "day",
}

/** A billing period such as "1 month", read from an ISO-8601 duration ("P1M"). Writable, as in purchases-js. */
export interface Period {
  number: number;
  unit: PeriodUnit;
}

/** Kind of a package, from its identifier. */
export enum PackageType {
  Unknown = "unknown",
  Custom = "custom",
  Lifetime = "$rc_lifetime",
  Annual = "$rc_annual",
  SixMonth = "$rc_six_month",
  ThreeMonth = "$rc_three_month",
  TwoMonth = "$rc_two_month",
  Monthly = "$rc_monthly",
  Weekly = "$rc_weekly",
}

/** Kind of a product. */
export enum ProductType {
  Subscription = "subscription",
  Consumable = "consumable",
  NonConsumable = "non_consumable",
}

/**
 * A price. `amountMicros` is in millionths of a unit; `amount` in the currency's minor units (cents, whole yen, or
 * thousandths rounded to a multiple of 10, as a card is charged: 12.345 KWD is 12350).
 */
export interface Price {
  readonly amount: number;
  readonly amountMicros: number;
  readonly currency: string;
  /** Formatted with Intl in the configured locale ("R 99,00", "$9.99"). */
  readonly formattedPrice: string;
}

/** One phase of a subscription: base, free trial or introductory price. */
export interface PricingPhase {
  /** ISO-8601 duration as sent by the backend ("P1M"), or null. */
  readonly periodDuration: string | null;
  readonly period: Period | null;
  /** Null for a free trial. */
  readonly price: Price | null;
  readonly cycleCount: number;
  readonly pricePerWeek: Price | null;
  readonly pricePerMonth: Price | null;
  readonly pricePerYear: Price | null;
}

/** Anything that can be bought for a product. */
export interface PurchaseOption {
  readonly id: string;
  readonly priceId: string;
}

/** A subscription's purchase option with its phases. */
export interface SubscriptionOption extends PurchaseOption {
  readonly base: PricingPhase;
  readonly trial: PricingPhase | null;
  readonly introPrice: PricingPhase | null;
}

/** A one-time purchase option. */
export interface NonSubscriptionOption extends PurchaseOption {
  readonly basePrice: Price;
}

/** The targeting rule that chose an offering. */
export interface TargetingContext {
  readonly ruleId: string;
  readonly revision: number;
}

/** How a product came to be shown: its offering, placement and targeting. */
export interface PresentedOfferingContext {
  readonly offeringIdentifier: string;
  readonly placementIdentifier: string | null;
  readonly targetingContext: TargetingContext | null;
}

/** A product as the SDK presents it. */
export interface Product {
  readonly identifier: string;
  readonly displayName: string;
  readonly title: string;
  readonly description: string | null;
  readonly productType: ProductType;
  /** The base price of the default subscription option, or the price of a one-time product. */
  readonly price: Price;
  /**
   * The same value as {@link Product.price}, under its older name.
   * @deprecated Use {@link Product.price}.
   */
  readonly currentPrice: Price;
  /** ISO duration of the base period, null for one-time products. */
  readonly normalPeriodDuration: string | null;
  readonly period: Period | null;
  readonly presentedOfferingIdentifier: string;
  readonly presentedOfferingContext: PresentedOfferingContext;
  readonly defaultPurchaseOption: PurchaseOption;
  readonly defaultSubscriptionOption: SubscriptionOption | null;
  readonly subscriptionOptions: Record<string, SubscriptionOption>;
  readonly defaultNonSubscriptionOption: NonSubscriptionOption | null;
  readonly freeTrialPhase: PricingPhase | null;
  readonly introPricePhase: PricingPhase | null;
}

/** A package of an offering: one product in a slot (monthly, annual, …). */
export interface Package {
  readonly identifier: string;
  readonly packageType: PackageType;
  readonly webBillingProduct: Product;
  /**
   * The same product as {@link Package.webBillingProduct}, under its older name.
   * @deprecated Use {@link Package.webBillingProduct}.
   */
  readonly rcBillingProduct: Product;
  /** A hosted page that sells this package without the SDK, when the backend has one; else null. */
  readonly webCheckoutURL?: string | null;
}

/** The server-driven paywall document attached to an offering. */
export interface PaywallData {
  readonly default_locale: string;
  readonly [key: string]: unknown;
}

/** A set of packages offered together. */
export interface Offering {
  readonly identifier: string;
  readonly serverDescription: string;
  readonly metadata: Record<string, unknown> | null;
  readonly packagesById: Record<string, Package>;
  readonly availablePackages: Package[];
  readonly lifetime: Package | null;
  readonly annual: Package | null;
  readonly sixMonth: Package | null;
  readonly threeMonth: Package | null;
  readonly twoMonth: Package | null;
  readonly monthly: Package | null;
  readonly weekly: Package | null;
  /** Whether the offering has a paywall to show (`presentPaywall`). */
  readonly hasPaywall: boolean;
  /**
   * The paywall document `presentPaywall` draws, null when the offering has none. Always set in what the SDK
   * answers; optional so that offerings written as purchases-js declares them (test fixtures) are offerings here.
   */
  readonly paywallComponents?: PaywallData | null;
  /** A hosted page that sells this offering without the SDK, when the backend has one; else null. */
  readonly webCheckoutURL?: string | null;
}

/**
 * Names `getOfferings` accepts as `offeringIdentifier` besides an offering's own identifier. A plain object, not a
 * TypeScript enum, so that bundlers drop it when unused; the namespace of the same name makes each member a type
 * too (`OfferingKeyword.Current`), as purchases-js's enum members are.
 *
 * @example
 * const { current } = await purchases.getOfferings({ offeringIdentifier: OfferingKeyword.Current });
 */
export const OfferingKeyword = {
  /** The project's current offering, whatever its identifier. */
  Current: "current",
} as const;

/** One of the {@link OfferingKeyword} names. */
export type OfferingKeyword = (typeof OfferingKeyword)[keyof typeof OfferingKeyword];

/** Each {@link OfferingKeyword} member as a type of its own. Types only: nothing of it is in the bundle. */
export declare namespace OfferingKeyword {
  type Current = typeof OfferingKeyword.Current;
}

/** Every offering of the project, and the current one. */
export interface Offerings {
  readonly all: Record<string, Offering>;
  readonly current: Offering | null;
}

/** Where a purchase was made. */
export type Store =
  | "app_store"
  | "mac_app_store"
  | "play_store"
  | "amazon"
  | "stripe"
  | "rc_billing"
  | "paddle"
  | "test_store"
  | "promotional"
  | "galaxy"
  | "unknown";

/** Kind of period a subscription is in. */
export type PeriodType = "normal" | "intro" | "trial" | "prepaid";

/** Whether the customer bought it or got it through family sharing. */
export type OwnershipType = "PURCHASED" | "FAMILY_SHARED" | "UNKNOWN";

/** An entitlement (access level) of the customer. */
export interface EntitlementInfo {
  readonly identifier: string;
  readonly isActive: boolean;
  readonly willRenew: boolean;
  readonly store: Store;
  readonly latestPurchaseDate: Date;
  readonly originalPurchaseDate: Date;
  readonly expirationDate: Date | null;
  readonly productIdentifier: string;
  readonly productPlanIdentifier: string | null;
  readonly unsubscribeDetectedAt: Date | null;
  readonly billingIssueDetectedAt: Date | null;
  readonly isSandbox: boolean;
  readonly periodType: PeriodType;
  /** Never null in what the SDK answers; nullable as in purchases-js, so that its fixtures compile. */
  readonly ownershipType: OwnershipType | null;
}

/** The customer's entitlements. */
export interface EntitlementInfos {
  readonly all: Record<string, EntitlementInfo>;
  readonly active: Record<string, EntitlementInfo>;
}

/** A one-time purchase. */
export interface NonSubscriptionTransaction {
  readonly transactionIdentifier: string;
  readonly productIdentifier: string;
  readonly purchaseDate: Date;
  readonly storeTransactionId: string | null;
  readonly store: Store;
}

/** A subscription of the customer. */
export interface SubscriptionInfo {
  readonly productIdentifier: string;
  /** The purchase option (plan) that was bought, when the backend names it. */
  readonly productPlanIdentifier: string | null;
  /** The product's name as the catalogue shows it, when the backend sends it. */
  readonly displayName: string | null;
  /** What the customer paid for the current period, when the backend sends it. */
  readonly price: Price | null;
  /** Where the customer manages this subscription, when the backend has such a page. */
  readonly managementURL: string | null;
  /** When a paused subscription resumes by itself; null unless it is paused. */
  readonly autoResumeDate: Date | null;
  readonly purchaseDate: Date;
  readonly originalPurchaseDate: Date | null;
  readonly expiresDate: Date | null;
  readonly store: Store;
  readonly unsubscribeDetectedAt: Date | null;
  readonly isSandbox: boolean;
  readonly billingIssuesDetectedAt: Date | null;
  readonly gracePeriodExpiresDate: Date | null;
  readonly ownershipType: OwnershipType;
  readonly periodType: PeriodType;
  readonly refundedAt: Date | null;
  readonly storeTransactionId: string | null;
  readonly isActive: boolean;
  readonly willRenew: boolean;
}

/** Everything the backend knows about the customer's purchases. */
export interface CustomerInfo {
  readonly entitlements: EntitlementInfos;
  readonly allExpirationDatesByProduct: Record<string, Date | null>;
  readonly allPurchaseDatesByProduct: Record<string, Date | null>;
  readonly activeSubscriptions: Set<string>;
  readonly managementURL: string | null;
  readonly requestDate: Date;
  readonly firstSeenDate: Date;
  readonly originalPurchaseDate: Date | null;
  readonly originalAppUserId: string;
  readonly nonSubscriptionTransactions: NonSubscriptionTransaction[];
  readonly subscriptionsByProductIdentifier: Record<string, SubscriptionInfo>;
}

/** Where a redeemable purchase can be redeemed (anonymous web purchases). */
export interface RedemptionInfo {
  /** Null while the backend has no link yet (never in what this SDK answers; nullable as in purchases-js). */
  readonly redeemUrl: string | null;
  /** An https address that redirects to {@link RedemptionInfo.redeemUrl}, for QR codes and plain browsers. */
  readonly redeemUrlRedirect?: string | null;
}

/** The store's record of a completed purchase. */
export interface StoreTransaction {
  readonly storeTransactionId: string;
  readonly productIdentifier: string;
  readonly purchaseDate: Date;
}

/** What a successful purchase resolves with. */
export interface PurchaseResult {
  readonly customerInfo: CustomerInfo;
  readonly redemptionInfo: RedemptionInfo | null;
  /** The checkout session the purchase went through (a Test Store purchase gets a generated one). */
  readonly operationSessionId: string;
  readonly storeTransaction: StoreTransaction;
  /** The email the purchase was made with, when the SDK knows it. */
  readonly customerEmail?: string;
}
