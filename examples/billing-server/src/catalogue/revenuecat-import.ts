import type { z } from "zod";
import type { catalogueSchema } from "./catalogue-schema.js";
import { paywallComponentsSchema, paywallPackageIds } from "./paywall-schema.js";

// Turns a RevenueCat project, saved by its merchant as answers of RevenueCat's REST API v2 (one JSON file per
// answer), into a catalogue. Pure: the caller reads the files, nothing here touches the network. The field names
// are those of the API v2 reference (RevenueCat/docs, openapi-spec/api-v2.yaml). What the API does not say (prices
// of web products, descriptions, subscription groups) is never invented: it comes from the merchant, or is named
// in the notes. Longer than most files (~600 lines): one conversion read top to bottom (answers, app, products,
// entitlements, offerings and packages, paywalls, virtual currencies), whose steps share the reading helpers and
// the notes; the CLI around it is src/revenuecat-cli.ts.

/** What parseCatalogue accepts: a catalogue whose fields with defaults may be left out. */
export type CatalogueInput = z.input<typeof catalogueSchema>;
type ProjectInput = CatalogueInput["projects"][number];
type ProductInput = ProjectInput["products"][number];
type OfferingInput = ProjectInput["offerings"][number];
type ProductType = ProductInput["product_type"];
type Price = { amount_micros: number; currency: string };
type PriceTable = Record<string, PriceInput> | undefined;

/** A price the merchant gives: millionths of the currency's unit, and its ISO 4217 code (else the default). */
export interface PriceInput {
  amount_micros: number;
  currency?: string;
}

/**
 * A RevenueCat project as its merchant saved it. Each answer may be a list answer
 * (`{ "object": "list", "items": [...], "next_page": null, "url": "…" }`), a plain array of its items, or an array
 * of list answers (one per page). Unknown fields are ignored.
 */
export interface RevenueCatExport {
  /** `GET /projects/{project_id}`: its `name` names the catalogue's project. */
  project?: unknown;
  /** `GET /projects/{project_id}/apps`: says which app is the Web Billing (`rc_billing`) one. */
  apps?: unknown;
  /** `GET /projects/{project_id}/products` (every page; `expand=items.app` may stand in for `apps`). */
  products: unknown;
  /** `GET /projects/{project_id}/entitlements?expand=items.product`. */
  entitlements: unknown;
  /** `GET /projects/{project_id}/offerings`, with `expand=items.package.product` to embed the packages. */
  offerings: unknown;
  /** `GET …/offerings/{offering_id}/packages?expand=items.product` by offering id or lookup_key, for offerings saved without packages. */
  packages?: Record<string, unknown>;
  /** `GET …/packages/{package_id}/products` by package id, for packages saved without their products. */
  packageProducts?: Record<string, unknown>;
  /** `GET …/entitlements/{entitlement_id}/products` by entitlement id, for entitlements saved without products. */
  entitlementProducts?: Record<string, unknown>;
  /** Paywalls as `GET …/paywalls/{paywall_id}?expand=components` answers (the list answer has no components). */
  paywalls?: unknown;
  /** `GET /projects/{project_id}/virtual_currencies`: the currencies and what products grant. */
  virtualCurrencies?: unknown;
  /** Prices the merchant wrote (not an API answer), by store identifier. */
  prices?: Record<string, PriceInput>;
}

export interface RevenueCatImportOptions {
  /** The catalogue project's id (lower-case letters, digits, _ and -). */
  projectId: string;
  /** Its public API keys (test_…, rcb_sb_…, rcb_…). */
  apiKeys: string[];
  /** The app's name in the checkout; else the Web Billing app's `app_name`, else the project's name. */
  appName?: string;
  /** The RevenueCat app whose products are imported; else the project's one Web Billing app. */
  appId?: string;
  /** Prices by store identifier; they win over the export's. */
  prices?: Record<string, PriceInput>;
  /** The currency of prices that name none; else the Web Billing app's `default_currency`. */
  currency?: string;
}

export interface RevenueCatImport {
  catalogue: CatalogueInput;
  /** What was not carried over or was guessed, one sentence each. */
  notes: string[];
}

export type RevenueCatImportErrorCode =
  | "not_a_list"
  | "invalid_object"
  | "no_app"
  | "missing_prices"
  | "invalid_price"
  | "unknown_product"
  | "unknown_duration";

/** Why an export cannot be converted; `code` says which rule it broke. */
export class RevenueCatImportError extends Error {
  override readonly name = "RevenueCatImportError";
  constructor(
    readonly code: RevenueCatImportErrorCode,
    message: string,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;
interface RcApp {
  id: string;
  name: string;
  type: string;
  webBilling: Json | undefined;
}
interface RcProduct {
  id: string;
  storeIdentifier: string;
  type: string;
  appId: string;
  displayName: string | undefined;
  subscription: Json;
  isConsumable: boolean | undefined;
  indicativePrice: unknown;
  app: RcApp | undefined;
}
/** What entitlements, offerings and virtual currencies are converted with. */
interface Context {
  source: RevenueCatExport;
  /** Every product of the export, by RevenueCat id. */
  all: Map<string, RcProduct>;
  /** The catalogue identifier of each imported product, by RevenueCat id. */
  imported: Map<string, string>;
  notes: string[];
}
/** A product an entitlement or a package names, with the package's eligibility criteria. */
interface ProductRef {
  id: string;
  eligibility: string | undefined;
}

const OPTION_ID = "base_option";
// Durations the catalogue's period_duration takes: a whole number of days, weeks, months or years.
const DURATION = /^P[1-9]\d{0,2}[DWMY]$/;
const CURRENCY = /^[A-Z]{3}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const isJson = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isListAnswer = (value: unknown): value is Json & { items: unknown[] } =>
  isJson(value) && value.object === "list" && Array.isArray(value.items);
const text = (o: Json, key: string): string | undefined =>
  typeof o[key] === "string" && o[key] !== "" ? o[key] : undefined;
const own = <T>(record: Record<string, T> | undefined, key: string): T | undefined =>
  record && Object.hasOwn(record, key) ? record[key] : undefined;
const fail = (code: RevenueCatImportErrorCode, message: string): never => {
  throw new RevenueCatImportError(code, message);
};

function required(o: Json, key: string, what: string): string {
  return text(o, key) ?? fail("invalid_object", `${what} has no ${key}.`);
}

/** The items of a saved list answer, of a plain array of items, or of an array of list answers (its pages). */
function listItems(answer: unknown, what: string, notes: string[]): Json[] {
  const pages = isListAnswer(answer)
    ? [answer]
    : Array.isArray(answer) && answer.length > 0 && answer.every(isListAnswer)
      ? answer
      : undefined;
  if (!pages && !Array.isArray(answer)) {
    fail(
      "not_a_list",
      `${what} is neither a RevenueCat list answer ({ "object": "list", "items": [...] }) nor an array of its items.`,
    );
  }
  const nextPage = pages?.at(-1)?.next_page;
  if (typeof nextPage === "string") {
    notes.push(
      `${what} has more pages than were saved (next_page ${nextPage}): save every page to import the rest.`,
    );
  }
  const items: unknown[] = pages ? pages.flatMap((page) => page.items) : (answer as unknown[]);
  return items.map((item, i) =>
    isJson(item) ? item : fail("invalid_object", `${what}: item ${i} is not an object.`),
  );
}

function readApp(o: Json, what: string): RcApp {
  const id = required(o, "id", what);
  const webBilling = isJson(o.rc_billing) ? o.rc_billing : undefined;
  return { id, name: text(o, "name") ?? id, type: text(o, "type") ?? "unknown", webBilling };
}

function readProduct(o: Json, index: number): RcProduct {
  const id = required(o, "id", `products: item ${index}`);
  const what = `product ${id}`;
  const oneTime = isJson(o.one_time) ? o.one_time : {};
  return {
    id,
    storeIdentifier: required(o, "store_identifier", what),
    type: required(o, "type", what),
    appId: required(o, "app_id", what),
    displayName: text(o, "display_name"),
    subscription: isJson(o.subscription) ? o.subscription : {},
    isConsumable: typeof oneTime.is_consumable === "boolean" ? oneTime.is_consumable : undefined,
    indicativePrice: o.indicative_price,
    app: isJson(o.app) ? readApp(o.app, `the app of ${what}`) : undefined,
  };
}

const describeApp = (app: RcApp) => `"${app.name}" (${app.id}, ${app.type})`;

/** Every app the export names: the apps answer's, and those of products (expanded, or only by id). */
function knownApps(apps: RcApp[], products: RcProduct[]): Map<string, RcApp> {
  const known = new Map(apps.map((app) => [app.id, app]));
  for (const p of products) {
    if (!known.has(p.appId)) {
      known.set(p.appId, p.app ?? { id: p.appId, name: p.appId, type: "unknown", webBilling: undefined });
    }
  }
  return known;
}

/** RevenueCat's app types whose products a web checkout sells (its Web Billing app; not this server's store kinds). */
const WEB_BILLING_APP_TYPES: ReadonlySet<string> = new Set(["rc_billing"]);
const isWebBillingApp = (app: RcApp) => WEB_BILLING_APP_TYPES.has(app.type);

/** The app whose products are imported: the one asked for, else the one Web Billing app, else the only app. */
function chooseApp(known: Map<string, RcApp>, appId: string | undefined, notes: string[]): RcApp {
  const all = [...known.values()];
  const names = all.map(describeApp).join(", ") || "none";
  if (appId !== undefined) {
    return known.get(appId) ?? fail("no_app", `app ${appId} is not in the export; its apps are ${names}.`);
  }
  const web = all.filter(isWebBillingApp);
  if (web.length === 1) return web[0]!;
  if (web.length === 0 && all.length === 1) {
    notes.push(
      `app ${describeApp(all[0]!)} is not a Web Billing app: its products were imported as they are.`,
    );
    return all[0]!;
  }
  return fail("no_app", `cannot tell which app to import among ${names}: give options.appId.`);
}

/** How the catalogue sells a RevenueCat product type, or undefined (with a note) when it does not. */
function productTypeOf(p: RcProduct, notes: string[]): ProductType | undefined {
  if (p.type === "subscription" || p.type === "consumable" || p.type === "non_consumable") return p.type;
  if (p.type === "one_time") {
    if (p.isConsumable === undefined) {
      notes.push(
        `one-time product ${p.storeIdentifier} does not say whether it is consumable: it was imported as non_consumable.`,
      );
    }
    return p.isConsumable ? "consumable" : "non_consumable";
  }
  notes.push(
    `product ${p.storeIdentifier} is a ${p.type}, which the billing server does not sell: it was not imported.`,
  );
  return undefined;
}

/** A RevenueCat ISO 8601 duration as a period_duration, or an error naming where it was found. */
function periodOf(value: unknown, what: string): string {
  if (typeof value === "string" && DURATION.test(value)) return value;
  return fail(
    "unknown_duration",
    `${what} is ${JSON.stringify(value ?? null)}, which is not a duration the catalogue knows: a whole number of days, weeks, months or years (P3D, P1W, P1M, P3M, P6M, P1Y).`,
  );
}

/**
 * The price given for `p`: the options', else the export's, else its `indicative_price`. Guess: the reference names
 * that expansion of a product without showing its shape; it is read only when it holds `amount_micros` (and
 * `currency`) as the catalogue writes a price.
 */
function givenPrice(p: RcProduct, options: PriceTable, exported: PriceTable, notes: string[]): unknown {
  const given = own(options, p.storeIdentifier) ?? own(exported, p.storeIdentifier);
  if (given !== undefined) return given;
  const indicative = p.indicativePrice;
  if (!isJson(indicative) || typeof indicative.amount_micros !== "number") return undefined;
  notes.push(
    `the price of ${p.storeIdentifier} is its indicative_price: check it is what the web should charge.`,
  );
  return indicative;
}

function checkedPrice(given: unknown, currency: string | undefined, product: string): Price {
  if (!isJson(given))
    return fail("invalid_price", `the price of ${product} is not an object { amount_micros, currency }.`);
  const amount = given.amount_micros;
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount < 0) {
    fail(
      "invalid_price",
      `the price of ${product} needs amount_micros, a whole number of millionths (9990000 is 9.99).`,
    );
  }
  const code = text(given, "currency") ?? currency;
  if (code === undefined || !CURRENCY.test(code)) {
    fail(
      "invalid_price",
      `the price of ${product} needs a currency, an upper-case ISO 4217 code (in the price or options.currency).`,
    );
  }
  return { amount_micros: amount as number, currency: code as string };
}

function toProduct(p: RcProduct, type: ProductType, price: Price, notes: string[]): ProductInput {
  const option = { id: OPTION_ID, price_id: `prc_${p.storeIdentifier}_${price.currency.toLowerCase()}` };
  if (p.displayName === undefined)
    notes.push(`product ${p.storeIdentifier} has no display_name: its title is its store identifier.`);
  const product = {
    identifier: p.storeIdentifier,
    product_type: type,
    title: p.displayName ?? p.storeIdentifier,
    description: null,
    default_purchase_option_id: OPTION_ID,
  };
  if (type !== "subscription")
    return { ...product, purchase_options: { [OPTION_ID]: { ...option, base_price: price } } };
  const { duration, trial_duration: trialDuration, grace_period_duration: grace } = p.subscription;
  if (grace !== undefined && grace !== null) {
    notes.push(
      `the grace period ${String(grace)} of ${p.storeIdentifier} was not carried over: the catalogue has none per product.`,
    );
  }
  const base = {
    period_duration: periodOf(duration, `the subscription.duration of product ${p.id}`),
    price,
    cycle_count: 1,
  };
  const trial =
    trialDuration === undefined || trialDuration === null
      ? null
      : {
          period_duration: periodOf(trialDuration, `the subscription.trial_duration of product ${p.id}`),
          price: null,
          cycle_count: 1,
        };
  return { ...product, purchase_options: { [OPTION_ID]: { ...option, base, trial, intro_price: null } } };
}

/** The products a list of products or of package associations names (`{ product }` or `{ product_id }`). */
function productRefs(answer: unknown, what: string, notes: string[]): ProductRef[] {
  return listItems(answer, what, notes).map((item) => ({
    id: isJson(item.product)
      ? required(item.product, "id", what)
      : (text(item, "product_id") ?? required(item, "id", what)),
    eligibility: text(item, "eligibility_criteria"),
  }));
}

/** The catalogue identifiers of the imported products `refs` names; an error when one is not in the export. */
function importedIds(refs: ProductRef[], named: string, { all, imported }: Context) {
  for (const ref of refs) {
    if (!all.has(ref.id)) {
      fail(
        "unknown_product",
        `${named} names product ${ref.id}, which is not in the products answer: save every page of it.`,
      );
    }
  }
  return refs.flatMap((ref) => imported.get(ref.id) ?? []);
}

function toEntitlements(context: Context) {
  const { source, notes } = context;
  return listItems(source.entitlements, "entitlements", notes).flatMap((o, i) => {
    const key = required(o, "lookup_key", `entitlements: item ${i}`);
    const id = text(o, "id") ?? key;
    const saved = isJson(o.products) ? o.products : own(source.entitlementProducts, id);
    if (saved === undefined) {
      notes.push(
        `entitlement ${key} was saved without its products (expand=items.product): it was not carried over.`,
      );
      return [];
    }
    const refs = productRefs(saved, `the products of entitlement ${key}`, notes);
    const products = [...new Set(importedIds(refs, `entitlement ${key}`, context))];
    if (products.length === 0)
      notes.push(`entitlement ${key} has no product the catalogue sells: it was not carried over.`);
    return products.length === 0 ? [] : [{ identifier: key, products }];
  });
}

interface ImportedOffering {
  rcId: string;
  isCurrent: boolean;
  offering: OfferingInput;
}

function toPackages(o: Json, key: string, context: Context) {
  const { source, imported, notes } = context;
  const id = text(o, "id") ?? key;
  const saved = isJson(o.packages) ? o.packages : (own(source.packages, id) ?? own(source.packages, key));
  if (saved === undefined) return [];
  const packages = listItems(saved, `the packages of offering ${key}`, notes).map((pkg, i) => ({
    pkg,
    lookupKey: required(pkg, "lookup_key", `offering ${key}: package ${i}`),
    position: typeof pkg.position === "number" ? pkg.position : Number.POSITIVE_INFINITY,
  }));
  packages.sort((a, b) => a.position - b.position);
  return packages.flatMap(({ pkg, lookupKey }) => {
    const named = `package ${lookupKey} of offering ${key}`;
    const products = isJson(pkg.products)
      ? pkg.products
      : own(source.packageProducts, text(pkg, "id") ?? lookupKey);
    const refs = products === undefined ? [] : productRefs(products, `the products of ${named}`, notes);
    const ours = importedIds(refs, named, context);
    const ref = refs.find((r) => imported.has(r.id));
    if (!ref || ours[0] === undefined) {
      notes.push(`${named} sells no product the catalogue imported: it was not carried over.`);
      return [];
    }
    if (ours.length > 1)
      notes.push(`${named} sells ${ours.join(", ")} in the imported app: only ${ours[0]} was kept.`);
    if (ref.eligibility !== undefined && ref.eligibility !== "all") {
      notes.push(
        `the eligibility criteria ${ref.eligibility} of ${named} were not carried over: the package is offered to all.`,
      );
    }
    return [{ identifier: lookupKey, platform_product_identifier: ours[0] }];
  });
}

function toOfferings(context: Context) {
  return listItems(context.source.offerings, "offerings", context.notes).flatMap(
    (o, i): ImportedOffering[] => {
      const key = required(o, "lookup_key", `offerings: item ${i}`);
      const packages = toPackages(o, key, context);
      if (packages.length === 0) {
        context.notes.push(
          `offering ${key} has no package the catalogue can sell (were its packages saved, with expand=items.product?): it was not carried over.`,
        );
        return [];
      }
      const offering = {
        identifier: key,
        description: text(o, "display_name") ?? key,
        metadata: isJson(o.metadata) ? o.metadata : null,
        packages,
      };
      return [{ rcId: text(o, "id") ?? key, isCurrent: o.is_current === true, offering }];
    },
  );
}

/** Whether a paywall names a colour alias, which lives in RevenueCat's ui_config that the API does not export. */
function usesColourAlias(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(usesColourAlias);
  if (!isJson(value)) return false;
  return value.type === "alias" || Object.values(value).some(usesColourAlias);
}

/** Why a paywall cannot be imported into `target`, the offering it is for; undefined when it can. */
function paywallProblem(o: Json, offeringId: string | undefined, target: OfferingInput | undefined) {
  if (!target) return `is for offering ${offeringId ?? "(none)"}, which is not in the catalogue`;
  if (!isJson(o.components)) return "was saved without its components (expand=components)";
  if (!isJson(o.components.published)) return "has never been published";
  if (target.paywall_components) return `is the second paywall of offering ${target.identifier}`;
  return undefined;
}

/** Gives each imported offering the published version of its paywall, when the catalogue can show it. */
function attachPaywalls(answer: unknown, offerings: ImportedOffering[], notes: string[]) {
  for (const [i, o] of listItems(answer, "paywalls", notes).entries()) {
    const id = required(o, "id", `paywalls: item ${i}`);
    const name = `paywall ${text(o, "name") === undefined ? id : JSON.stringify(text(o, "name"))}`;
    const offeringId = text(o, "offering_id") ?? (isJson(o.offering) ? text(o.offering, "id") : undefined);
    const target = offerings.find((x) => x.rcId === offeringId)?.offering;
    const published = isJson(o.components) && isJson(o.components.published) ? o.components.published : {};
    const problem = paywallProblem(o, offeringId, target);
    if (problem !== undefined || !target) {
      notes.push(`${name} was not imported: it ${problem}.`);
      continue;
    }
    const paywall = {
      default_locale: published.default_locale,
      components_config: published.components_config,
      components_localizations: published.components_localizations,
    };
    const parsed = paywallComponentsSchema.safeParse(paywall);
    const packageIds = new Set(target.packages.map((p) => p.identifier));
    const unknown = paywallPackageIds(paywall.components_config).filter((id) => !packageIds.has(id));
    if (!parsed.success || unknown.length > 0) {
      const why = parsed.success
        ? `it names packages ${unknown.join(", ")}`
        : parsed.error.issues[0]?.message;
      notes.push(`${name} of offering ${target.identifier} was not imported: ${why}.`);
      continue;
    }
    target.paywall_components = parsed.data;
    if (isJson(o.components) && isJson(o.components.draft))
      notes.push(`${name} has unpublished changes: its published version was imported.`);
    if (isJson(published.fonts) && Object.keys(published.fonts).length > 0) {
      notes.push(`the fonts of ${name} were not carried over: name them in ui_config.app.fonts.`);
    }
    if (usesColourAlias(paywall.components_config))
      notes.push(`${name} names colour aliases: define them in ui_config.app.colors.`);
  }
}

/** The virtual currencies, and what each imported product grants, from the virtual currencies answer. */
function readVirtualCurrencies(answer: unknown, context: Context) {
  const { notes } = context;
  const grants = new Map<string, Record<string, number>>();
  const currencies = listItems(answer, "virtual currencies", notes).map((o, i) => {
    const code = required(o, "code", `virtual currencies: item ${i}`);
    for (const grant of Array.isArray(o.product_grants) ? o.product_grants.filter(isJson) : []) {
      const ids = Array.isArray(grant.product_ids)
        ? grant.product_ids.filter((x) => typeof x === "string")
        : [];
      const refs = ids.map((id) => ({ id, eligibility: undefined }));
      for (const product of importedIds(refs, `virtual currency ${code}`, context)) {
        if (typeof grant.amount === "number")
          grants.set(product, { ...grants.get(product), [code]: grant.amount });
      }
      if (typeof grant.trial_amount === "number" && grant.trial_amount > 0) {
        notes.push(
          `the ${grant.trial_amount} ${code} granted during trials were not carried over: the catalogue grants only on paid purchases.`,
        );
      }
      if (grant.expire_at_cycle_end === true)
        notes.push(`${code} granted by ${ids.join(", ")} no longer expires at the end of each cycle.`);
    }
    return { code, name: text(o, "name") ?? code, description: text(o, "description") ?? null };
  });
  return { currencies, grants };
}

/**
 * Converts a RevenueCat project, saved as answers of its REST API v2, into a catalogue for `parseCatalogue`: the
 * products of its Web Billing app (by store identifier) with their prices, trials and types, its entitlements,
 * offerings and packages, its current offering, published paywalls and virtual currencies. Prices come from
 * `options.prices`, else `source.prices`, else a product's `indicative_price`; a product without one is an error,
 * as is a reference to a product the export lacks or a duration the catalogue cannot express.
 *
 * @example
 * const { catalogue, notes } = catalogueFromRevenueCat(
 *   { products, entitlements, offerings, apps },
 *   { projectId: "realmheart", apiKeys: ["rcb_sb_realmheart"], prices: { premium_monthly: { amount_micros: 9990000, currency: "USD" } } },
 * );
 * parseCatalogue(catalogue);
 */
export function catalogueFromRevenueCat(
  source: RevenueCatExport,
  options: RevenueCatImportOptions,
): RevenueCatImport {
  const notes: string[] = [];
  const rcProducts = listItems(source.products, "products", notes).map(readProduct);
  const apps = source.apps === undefined ? [] : listItems(source.apps, "apps", notes);
  const known = knownApps(
    apps.map((o, i) => readApp(o, `apps: item ${i}`)),
    rcProducts,
  );
  const app = chooseApp(known, options.appId, notes);
  const currency = options.currency ?? (app.webBilling && text(app.webBilling, "default_currency"));

  const chosen: { p: RcProduct; type: ProductType; given: unknown }[] = [];
  for (const p of rcProducts) {
    if (p.appId !== app.id) {
      const other = describeApp(known.get(p.appId)!);
      notes.push(
        `product ${p.storeIdentifier} of app ${other} was skipped: only app ${app.id}'s are imported.`,
      );
      continue;
    }
    const type = productTypeOf(p, notes);
    if (type) chosen.push({ p, type, given: givenPrice(p, options.prices, source.prices, notes) });
  }
  const unpriced = chosen.filter((c) => c.given === undefined).map((c) => c.p.storeIdentifier);
  if (unpriced.length > 0) {
    fail(
      "missing_prices",
      `the export has no price for ${unpriced.join(", ")}: give each one in options.prices (or the export's prices), by store identifier, as { "amount_micros": 9990000, "currency": "USD" }.`,
    );
  }
  const products = chosen.map(({ p, type, given }) =>
    toProduct(p, type, checkedPrice(given, currency, p.storeIdentifier), notes),
  );
  const context: Context = {
    source,
    all: new Map(rcProducts.map((p) => [p.id, p])),
    imported: new Map(chosen.map(({ p }) => [p.id, p.storeIdentifier])),
    notes,
  };
  const entitlements = toEntitlements(context);
  const offerings = toOfferings(context);
  if (source.paywalls !== undefined) attachPaywalls(source.paywalls, offerings, notes);
  const current = offerings.find((o) => o.isCurrent)?.offering.identifier ?? null;
  if (current === null) notes.push("no imported offering is current: current_offering_id is null.");
  const { currencies, grants } =
    source.virtualCurrencies === undefined
      ? { currencies: [], grants: new Map<string, Record<string, number>>() }
      : readVirtualCurrencies(source.virtualCurrencies, context);
  for (const product of products) product.virtual_currency_grants = grants.get(product.identifier) ?? {};

  const billing = app.webBilling ?? {};
  const projectName = isJson(source.project) ? text(source.project, "name") : undefined;
  const appName =
    options.appName ??
    text(billing, "app_name") ??
    text(billing, "seller_company_name") ??
    projectName ??
    options.projectId;
  const email = text(billing, "support_email") ?? text(billing, "seller_company_support_email");
  notes.push(
    "RevenueCat's API v2 has no product descriptions, introductory prices, subscription groups, placements or targeting: add them to the catalogue by hand.",
  );
  const project: ProjectInput = {
    id: options.projectId,
    name: projectName ?? appName,
    api_keys: options.apiKeys,
    branding: { app_name: appName, support_email: email !== undefined && EMAIL.test(email) ? email : null },
    entitlements,
    products,
    offerings: offerings.map((o) => o.offering),
    current_offering_id: current,
    virtual_currencies: currencies,
  };
  return { catalogue: { projects: [project] }, notes };
}
