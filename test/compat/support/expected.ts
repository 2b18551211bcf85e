// What the billing server's catalogue implies an SDK must show, derived from the catalogue the test server seeds
// (never from what one SDK returned): offerings, packages, prices, periods, entitlements, placements, keys.
import type {
  CatalogueProduct,
  CatalogueProject,
} from "../../../examples/billing-server/src/catalogue/catalogue-schema.js";
import { KEYS, testCatalogue } from "../../../examples/billing-server/test/support/catalogue.js";

const UNITS = { D: "day", W: "week", M: "month", Y: "year" } as const;

export interface ExpectedPeriod {
  number: number;
  unit: (typeof UNITS)[keyof typeof UNITS];
}

export interface ExpectedPrice {
  amountMicros: number;
  amount: number;
  currency: string;
  formattedPrice: string;
}

export interface ExpectedPackage {
  identifier: string;
  productIdentifier: string;
  title: string;
  description: string | null;
  productType: string;
  defaultOptionId: string;
  priceId: string;
  /** Every purchase option's id, and whether the default one is a subscription. */
  optionIds: string[];
  isSubscription: boolean;
  price: ExpectedPrice;
  periodDuration: string | null;
  period: ExpectedPeriod | null;
  trialDuration: string | null;
  trialPeriod: ExpectedPeriod | null;
}

/** An offering's paywall as its document declares it, in its default locale. */
export interface ExpectedPaywall {
  /** The template of every text component (`{{ … }}` placeholders, `**bold**` markdown), by localization id. */
  texts: Record<string, string>;
  /** The ids of the texts that label a button, by the button's action (`navigate_back`, `restore_purchases`, …). */
  buttonTexts: Record<string, string[]>;
  /** The ids of the texts inside the purchase button, in order. */
  purchaseButtonTexts: string[];
  /** The package component selected when the paywall opens. */
  selectedPackageId: string | null;
}

export interface ExpectedOffering {
  identifier: string;
  serverDescription: string;
  metadata: Record<string, unknown> | null;
  hasPaywall: boolean;
  paywall: ExpectedPaywall | null;
  packages: ExpectedPackage[];
}

export interface Expected {
  keys: { test: string; sandbox: string | null; production: string | null; unknown: string };
  currentOfferingId: string | null;
  offerings: ExpectedOffering[];
  offering(identifier: string): ExpectedOffering;
  /** The offering a placement resolves to (its own, else the fallback), or null. */
  placementOffering(placementId: string): string | null;
  /** The entitlements a product unlocks. */
  entitlementsOf(productIdentifier: string): string[];
  virtualCurrencies: { code: string; name: string; description: string | null }[];
  /** How much of each virtual currency a paid purchase of the product grants. */
  grantsOf(productIdentifier: string): Record<string, number>;
}

export function periodOf(duration: string | null): ExpectedPeriod | null {
  const match = duration ? /^PT?(\d+)([DWMY])$/.exec(duration) : null;
  return match ? { number: Number(match[1]), unit: UNITS[match[2] as keyof typeof UNITS] } : null;
}

/** `date` moved on by `period` in calendar terms (UTC), as a billing period ends. */
export function addPeriod(date: Date, { number, unit }: ExpectedPeriod): Date {
  const end = new Date(date);
  if (unit === "day" || unit === "week")
    end.setUTCDate(end.getUTCDate() + number * (unit === "week" ? 7 : 1));
  if (unit === "month") end.setUTCMonth(end.getUTCMonth() + number);
  if (unit === "year") end.setUTCFullYear(end.getUTCFullYear() + number);
  return end;
}

/** How the peer's Price reads a wire price: cents in `amount`, formatted for the browser's language. */
export function expectedPrice(amountMicros: number, currency: string): ExpectedPrice {
  return {
    amountMicros,
    amount: Math.round(amountMicros / 10_000),
    currency,
    formattedPrice: new Intl.NumberFormat(navigator.language, { style: "currency", currency }).format(
      amountMicros / 1_000_000,
    ),
  };
}

function expectedPackage(product: CatalogueProduct, identifier: string): ExpectedPackage {
  const option = product.purchase_options[product.default_purchase_option_id];
  if (!option) throw new Error(`catalogue: ${product.identifier} has no default option`);
  const subscription = "base" in option ? option : null;
  const price = subscription ? subscription.base.price : "base_price" in option ? option.base_price : null;
  if (!price) throw new Error(`catalogue: ${product.identifier} has no price`);
  const periodDuration = subscription?.base.period_duration ?? null;
  const trialDuration = subscription?.trial?.period_duration ?? null;
  return {
    identifier,
    productIdentifier: product.identifier,
    title: product.title,
    description: product.description,
    productType: product.product_type,
    defaultOptionId: option.id,
    priceId: option.price_id,
    optionIds: Object.keys(product.purchase_options).sort(),
    isSubscription: subscription !== null,
    price: expectedPrice(price.amount_micros, price.currency),
    periodDuration,
    period: periodOf(periodDuration),
    trialDuration,
    trialPeriod: periodOf(trialDuration),
  };
}

type PaywallComponents = NonNullable<CatalogueProject["offerings"][number]["paywall_components"]>;

function paywallOf(document: PaywallComponents): ExpectedPaywall {
  const localized = document.components_localizations[document.default_locale] ?? {};
  const paywall: ExpectedPaywall = {
    texts: {},
    buttonTexts: {},
    purchaseButtonTexts: [],
    selectedPackageId: null,
  };
  // Walks every component; `within` names the button (or purchase button) a text sits in.
  const visit = (node: unknown, within: string | null): void => {
    if (Array.isArray(node)) return node.forEach((child) => visit(child, within));
    if (typeof node !== "object" || node === null) return;
    const component = node as Record<string, any>;
    let inside = within;
    if (component.type === "button") inside = String(component.action?.type);
    if (component.type === "purchase_button") inside = "purchase_button";
    if (component.type === "package" && component.is_selected_by_default) {
      paywall.selectedPackageId = component.package_id;
    }
    if (component.type === "text" && typeof component.text_lid === "string") {
      const text = localized[component.text_lid] ?? "";
      paywall.texts[component.text_lid] = text;
      if (inside === "purchase_button") paywall.purchaseButtonTexts.push(component.text_lid);
      else if (inside) (paywall.buttonTexts[inside] ??= []).push(component.text_lid);
    }
    for (const value of Object.values(component)) visit(value, inside);
  };
  visit(document.components_config, null);
  return paywall;
}

const keyOf = (project: CatalogueProject, pattern: RegExp) =>
  project.api_keys.find((key) => pattern.test(key)) ?? null;

/** The expectations for the project of the catalogue's Test Store key (Realmheart). */
export function expectedFromCatalogue(): Expected {
  const project = testCatalogue().projects.find((p) => p.api_keys.includes(KEYS.test));
  if (!project) throw new Error(`catalogue: no project has the key ${KEYS.test}`);
  return expectedOf(project);
}

/** The expectations for the first project of the catalogue that sells virtual currencies. */
export function expectedForVirtualCurrencies(): Expected {
  const project = testCatalogue().projects.find((p) => p.virtual_currencies.length > 0 && keyOf(p, /^test_/));
  if (!project) throw new Error("catalogue: no project with virtual currencies and a Test Store key");
  return expectedOf(project);
}

function expectedOf(project: CatalogueProject): Expected {
  const products = new Map(project.products.map((product) => [product.identifier, product]));
  const offerings = project.offerings.map((offering): ExpectedOffering => ({
    identifier: offering.identifier,
    serverDescription: offering.description,
    metadata: offering.metadata,
    hasPaywall: offering.paywall_components !== null,
    paywall: offering.paywall_components && paywallOf(offering.paywall_components),
    packages: offering.packages.map((rcPackage) =>
      expectedPackage(products.get(rcPackage.platform_product_identifier)!, rcPackage.identifier),
    ),
  }));
  return {
    keys: {
      test: keyOf(project, /^test_/)!,
      sandbox: keyOf(project, /^rcb_sb_/),
      production: keyOf(project, /^rcb_(?!sb_)/),
      unknown: "rcb_sb_no_such_project_key",
    },
    currentOfferingId: project.current_offering_id,
    offerings,
    offering(identifier) {
      const offering = offerings.find((o) => o.identifier === identifier);
      if (!offering) throw new Error(`catalogue: no offering ${identifier}`);
      return offering;
    },
    placementOffering(placementId) {
      const placements = project.placements;
      if (!placements) return null;
      const byPlacement = placements.offering_ids_by_placement;
      return placementId in byPlacement
        ? (byPlacement[placementId] ?? null)
        : placements.fallback_offering_id;
    },
    entitlementsOf(productIdentifier) {
      return project.entitlements
        .filter((e) => e.products.includes(productIdentifier))
        .map((e) => e.identifier);
    },
    virtualCurrencies: project.virtual_currencies.map(({ code, name, description }) => ({
      code,
      name,
      description,
    })),
    grantsOf: (productIdentifier) => ({ ...products.get(productIdentifier)?.virtual_currency_grants }),
  };
}
