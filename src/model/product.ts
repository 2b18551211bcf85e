import type { WirePhase, WireProductDetails, WirePurchaseOption, WireSubscriptionOption } from "../http/wire";
import { Logger } from "../logger";
import { toPrice } from "./price";
import { toPricingPhase } from "./pricing-phase";
import type {
  NonSubscriptionOption,
  PresentedOfferingContext,
  Product,
  ProductType,
  SubscriptionOption,
} from "./types";

function isSubscriptionOption(option: WirePurchaseOption): option is WireSubscriptionOption {
  return !("base_price" in option);
}

function toSubscriptionOption(
  wire: WireSubscriptionOption,
  base: WirePhase,
  locale: string,
): SubscriptionOption {
  return {
    id: wire.id,
    priceId: wire.price_id,
    base: toPricingPhase(base, locale),
    trial: wire.trial ? toPricingPhase(wire.trial, locale) : null,
    introPrice: wire.intro_price ? toPricingPhase(wire.intro_price, locale) : null,
  };
}

/**
 * Normalises a product from the products endpoint (docs/protocol.md) as presented in `context`.
 * Purchase options without a base phase or base price are left out; the product itself is left out
 * (null, with a warning saying why) when no option remains or its default option is missing or was left out.
 *
 * @example
 * const product = toProduct(wire, { offeringIdentifier: "default", placementIdentifier: null, targetingContext: null }, "en-ZA");
 * product?.price.formattedPrice; // "R 99,00"
 */
export function toProduct(
  wire: WireProductDetails,
  context: PresentedOfferingContext,
  locale: string,
): Product | null {
  const subscriptionOptions: Record<string, SubscriptionOption> = {};
  const nonSubscriptionOptions: Record<string, NonSubscriptionOption> = {};
  for (const [key, option] of Object.entries(wire.purchase_options)) {
    let problem = "";
    if (!isSubscriptionOption(option)) {
      const price = option.base_price;
      if (price) {
        const basePrice = toPrice(price.amount_micros, price.currency, locale);
        nonSubscriptionOptions[key] = { id: option.id, priceId: option.price_id, basePrice };
      } else problem = "it has no base price";
    } else if (!option.base) problem = "it has no base phase";
    else if (!option.base.price) problem = "its base phase has no price";
    else subscriptionOptions[key] = toSubscriptionOption(option, option.base, locale);
    if (problem) Logger.debug(`Ignoring purchase option ${key} of product ${wire.identifier}: ${problem}.`);
  }

  const defaultId = wire.default_purchase_option_id;
  const defaultSubscriptionOption = (defaultId && subscriptionOptions[defaultId]) || null;
  const defaultNonSubscriptionOption = (defaultId && nonSubscriptionOptions[defaultId]) || null;
  const defaultPurchaseOption = defaultSubscriptionOption ?? defaultNonSubscriptionOption;
  if (!defaultPurchaseOption) {
    const reason =
      Object.keys(subscriptionOptions).length + Object.keys(nonSubscriptionOptions).length === 0
        ? "it has no valid purchase option"
        : `its default purchase option ${defaultId} is missing or invalid`;
    Logger.warn(`Ignoring product ${wire.identifier}: ${reason}.`);
    return null;
  }

  const base = defaultSubscriptionOption?.base ?? null;
  // A valid subscription option always has a base price.
  const price = base ? base.price! : defaultNonSubscriptionOption!.basePrice;
  return {
    identifier: wire.identifier,
    displayName: wire.title,
    title: wire.title,
    description: wire.description,
    // The enum's values are the wire's product types.
    productType: wire.product_type as ProductType,
    price,
    currentPrice: price,
    normalPeriodDuration: base?.periodDuration ?? null,
    period: base?.period ?? null,
    presentedOfferingIdentifier: context.offeringIdentifier,
    presentedOfferingContext: context,
    defaultPurchaseOption,
    defaultSubscriptionOption,
    subscriptionOptions,
    defaultNonSubscriptionOption,
    freeTrialPhase: defaultSubscriptionOption?.trial ?? null,
    introPricePhase: defaultSubscriptionOption?.introPrice ?? null,
  };
}
