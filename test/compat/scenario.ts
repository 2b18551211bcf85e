// The compatibility scenario: code written for @revenuecat/purchases-js 1.63.1, against its public API only, run
// unchanged on any SDK module with the peer's shape (sdk.ts). Each step returns a plain outcome (outcomes.ts); the
// runner (compat.test.ts) compares the outcomes of the two SDKs with each other and passes each to the step's
// `check`, which states what the billing server's catalogue implies (support/expected.ts). One file on purpose:
// the whole scenario a peer user's code goes through reads top to bottom, in the order it runs.
import { expect } from "vitest";
import type { Purchases, PurchaseParams, PurchasesConfig } from "@revenuecat/purchases-js";
import type { Sdk } from "./sdk";
import { addPeriod, type Expected, type ExpectedPrice } from "./support/expected";
import { shownTexts, templatePattern } from "./support/paywall-texts";
import { customerInfoOf, failureOf, offeringOf, offeringsOf, phaseOf, purchaseResultOf } from "./outcomes";

export interface StepContext {
  readonly sdk: Sdk;
  /** The billing server's base URL. */
  readonly proxyURL: string;
  /** What the catalogue implies for Realmheart's project (the Test Store key's). */
  readonly expected: Expected;
  /** The same for the catalogue's project that sells virtual currencies (a consumable, a pass with options). */
  readonly currencyProject: Expected;
  /** The billing server's clock, which stands still during the suite. */
  readonly serverNow: Date;
  /** An app user id of this SDK's run: each SDK buys as its own customers. */
  user(name: string): string;
  /** What the host app's backend does when a customer cancels there: renewal off, access to the period's end. */
  cancelSubscription(appUserId: string, productId: string): Promise<void>;
  /**
   * Waits for a button whose text, white space aside, is `label` or matches it (the Test Store modal's choices, a
   * paywall's buttons) and clicks it; gives up quietly once `stop` says so.
   */
  click(label: string | RegExp, stop?: () => boolean): Promise<void>;
  /** The text of every element in the document, white space removed. */
  elementTexts(): string[];
  /** A fresh element in the document to mount a checkout in. */
  htmlTarget(): HTMLElement;
}

export interface CompatStep<T = unknown> {
  readonly name: string;
  run(ctx: StepContext): Promise<T>;
  /** What the catalogue implies about the outcome; steps without one are compared between the SDKs only. */
  check?(outcome: T, ctx: StepContext): void;
}

const step = <T>(definition: CompatStep<T>): CompatStep => definition as CompatStep;

function configure(ctx: StepContext, name: string, apiKey = ctx.expected.keys.test): Purchases {
  return ctx.sdk.Purchases.configure({
    apiKey,
    appUserId: ctx.user(name),
    httpConfig: { proxyURL: ctx.proxyURL },
    flags: { collectAnalyticsEvents: false },
  });
}

async function packageNamed(purchases: Purchases, identifier: string) {
  const offerings = await purchases.getOfferings();
  const found = offerings.current?.packagesById[identifier];
  if (!found) throw new Error(`the current offering has no package ${identifier}`);
  return found;
}

/** Starts a Test Store purchase, answers the modal with `choice` and settles. */
async function testStorePurchase(
  ctx: StepContext,
  purchases: Purchases,
  params: PurchaseParams,
  choice: string,
) {
  return answerTestStore(ctx, purchases.purchase(params), choice);
}

/** Clicks `choice` once the modal offers it; a purchase that settles first keeps its own outcome. */
async function answerTestStore<T>(ctx: StepContext, pending: Promise<T>, choice: string): Promise<T> {
  await ctx.click(choice, settledOf(pending));
  return pending;
}

/** @returns a check of whether `pending` has settled, either way. */
function settledOf(pending: Promise<unknown>): () => boolean {
  let settled = false;
  pending.then(
    () => (settled = true),
    () => (settled = true),
  );
  return () => settled;
}

/** Enum-like objects as sorted [name, value] pairs (numeric enums without their reverse mapping). */
function membersOf(values: object | undefined) {
  if (!values) return "missing";
  return Object.entries(values)
    .filter(([name]) => !/^\d+$/.test(name))
    .sort(([a], [b]) => a.localeCompare(b));
}

function closeTo(actual: unknown, expected: ExpectedPrice, centsTolerance = 0) {
  const price = actual as ExpectedPrice | null | undefined;
  expect(price?.currency).toBe(expected.currency);
  expect(Math.abs((price?.amountMicros ?? NaN) - expected.amountMicros)).toBeLessThanOrEqual(
    centsTolerance * 10_000,
  );
}

/** Polls `condition` every 20 ms for up to 10 s. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the page");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function currentPaywall(expected: Expected) {
  const paywall = expected.offering(expected.currentOfferingId!).paywall;
  if (!paywall) throw new Error("the catalogue's current offering has no paywall");
  const purchaseButton = templatePattern(
    paywall.purchaseButtonTexts.map((lid) => paywall.texts[lid]).join(""),
  );
  return { ...paywall, purchaseButton: purchaseButton! };
}

export const SCENARIO: CompatStep[] = [
  step({
    name: "exports the peer's enums and constants with the same members and values",
    async run({ sdk }) {
      const variable = sdk.CustomVariableValue as Record<string, ((value: unknown) => unknown) | undefined>;
      return {
        ErrorCode: membersOf(sdk.ErrorCode),
        LogLevel: membersOf(sdk.LogLevel),
        OfferingKeyword: membersOf(sdk.OfferingKeyword),
        PackageType: membersOf(sdk.PackageType),
        PeriodUnit: membersOf(sdk.PeriodUnit),
        ProductType: membersOf(sdk.ProductType),
        ReservedCustomerAttribute: membersOf(sdk.ReservedCustomerAttribute),
        PAYWALL_COMPONENT_TYPES: membersOf(sdk.PAYWALL_COMPONENT_TYPES),
        CustomVariableValue: variable
          ? [variable.string?.("Ada"), variable.number?.(42), variable.boolean?.(true)]
          : "missing",
      };
    },
  }),

  step({
    name: "lists the catalogue's offerings with their packages, products and prices",
    run: async (ctx) => offeringsOf(await configure(ctx, "browser").getOfferings()),
    check(outcome, { expected }) {
      expect(Object.keys(outcome.all as object).sort()).toEqual(
        expected.offerings.map((o) => o.identifier).sort(),
      );
      expect(outcome.current).toBe(expected.currentOfferingId);
      for (const offering of expected.offerings) {
        const seen = (outcome.all as Record<string, any>)[offering.identifier];
        expect(seen).toMatchObject({
          identifier: offering.identifier,
          serverDescription: offering.serverDescription,
          metadata: offering.metadata,
          hasPaywall: offering.hasPaywall,
          availablePackages: offering.packages.map((p) => p.identifier),
        });
        for (const rcPackage of offering.packages) {
          const product = seen.packagesById[rcPackage.identifier].webBillingProduct;
          expect(seen.packagesById[rcPackage.identifier].rcBillingProduct).toBe("same product");
          expect(product).toMatchObject({
            identifier: rcPackage.productIdentifier,
            title: rcPackage.title,
            description: rcPackage.description,
            productType: rcPackage.productType,
            price: rcPackage.price,
            currentPrice: rcPackage.price,
            normalPeriodDuration: rcPackage.periodDuration,
            period: rcPackage.period,
            presentedOfferingIdentifier: offering.identifier,
            defaultPurchaseOption: { id: rcPackage.defaultOptionId, priceId: rcPackage.priceId },
          });
          expect(product.freeTrialPhase?.period ?? null).toEqual(rcPackage.trialPeriod);
          expect(product.freeTrialPhase?.periodDuration ?? null).toBe(rcPackage.trialDuration);
        }
      }
    },
  }),

  step({
    name: "derives the price per week, month and year from each product's own period",
    async run(ctx) {
      const offerings = await configure(ctx, "browser").getOfferings();
      return Object.values(offerings.all).flatMap((offering) =>
        offering.availablePackages.map((rcPackage) => ({
          package: `${offering.identifier}/${rcPackage.identifier}`,
          base: phaseOf(rcPackage.webBillingProduct.defaultSubscriptionOption?.base ?? null),
        })),
      );
    },
    check(outcome, { expected }) {
      for (const offering of expected.offerings) {
        for (const rcPackage of offering.packages.filter((p) => p.period)) {
          const base = outcome.find(
            (o) => o.package === `${offering.identifier}/${rcPackage.identifier}`,
          )?.base;
          expect(base?.price).toEqual(rcPackage.price);
          // Only what the product's own period fixes (the rest, such as a month's price per week, depends on a
          // calendar convention and is compared between the SDKs): within a cent of rounding.
          const { number, unit } = rcPackage.period!;
          const share = (factor: number) => ({
            ...rcPackage.price,
            amountMicros: Math.round(rcPackage.price.amountMicros * factor),
          });
          if (unit === "year") closeTo(base?.pricePerMonth, share(1 / (12 * number)), 1);
          if (unit === "year") closeTo(base?.pricePerYear, share(1 / number), 1);
          if (unit === "month") closeTo(base?.pricePerMonth, share(1 / number), 1);
          if (unit === "month") closeTo(base?.pricePerYear, share(12 / number), 1);
          if (unit === "week") closeTo(base?.pricePerWeek, share(1 / number), 1);
          // A price for exactly one period is that price, to the micro.
          if (number === 1 && unit === "week") expect(base?.pricePerWeek).toEqual(rcPackage.price);
          if (number === 1 && unit === "month") expect(base?.pricePerMonth).toEqual(rcPackage.price);
          if (number === 1 && unit === "year") expect(base?.pricePerYear).toEqual(rcPackage.price);
        }
      }
    },
  }),

  step({
    name: "narrows getOfferings to the current offering with OfferingKeyword.Current",
    async run(ctx) {
      const { sdk } = ctx;
      const purchases = configure(ctx, "browser");
      return offeringsOf(await purchases.getOfferings({ offeringIdentifier: sdk.OfferingKeyword.Current }));
    },
    check(outcome, { expected }) {
      expect(Object.keys(outcome.all as object)).toEqual([expected.currentOfferingId]);
      expect(outcome.current).toBe(expected.currentOfferingId);
    },
  }),

  step({
    name: "narrows getOfferings to one offering by its identifier",
    async run(ctx) {
      const purchases = configure(ctx, "browser");
      const byId: Record<string, unknown> = {};
      for (const identifier of ctx.expected.offerings.map((o) => o.identifier)) {
        byId[identifier] = offeringsOf(await purchases.getOfferings({ offeringIdentifier: identifier }));
      }
      return byId;
    },
    check(outcome, { expected }) {
      for (const offering of expected.offerings) {
        const seen = outcome[offering.identifier] as { all: object };
        expect(Object.keys(seen.all)).toEqual([offering.identifier]);
      }
    },
  }),

  step({
    name: "answers no offering, not an error, for an unknown offering identifier",
    async run(ctx) {
      const purchases = configure(ctx, "browser");
      return offeringsOf(await purchases.getOfferings({ offeringIdentifier: "compat_no_such_offering" }));
    },
    check(outcome) {
      expect(outcome).toEqual({ all: {}, current: null });
    },
  }),

  step({
    name: "answers the same offerings when asked in the catalogue's currency",
    async run(ctx) {
      const purchases = configure(ctx, "browser");
      const currency = ctx.expected.offerings[0]!.packages[0]!.price.currency;
      return {
        plain: offeringsOf(await purchases.getOfferings()),
        inCurrency: offeringsOf(await purchases.getOfferings({ currency })),
      };
    },
    check(outcome) {
      expect(outcome.inCurrency).toEqual(outcome.plain);
    },
  }),

  step({
    name: "resolves a placement to the catalogue's offering for it",
    async run(ctx) {
      const purchases = configure(ctx, "browser");
      return offeringOf(await purchases.getCurrentOfferingForPlacement("compat_unknown_placement"));
    },
    check(outcome, { expected }) {
      const identifier = expected.placementOffering("compat_unknown_placement");
      expect(outcome === null ? null : outcome?.identifier).toBe(identifier);
    },
  }),

  step({
    name: "shows a new customer without entitlements or subscriptions",
    async run(ctx) {
      const purchases = configure(ctx, "newcomer");
      const entitlementIds = ctx.expected.entitlementsOf(
        ctx.expected.offerings[0]!.packages[0]!.productIdentifier,
      );
      return {
        customerInfo: customerInfoOf(await purchases.getCustomerInfo(), ctx.user("newcomer")),
        entitled: await Promise.all(entitlementIds.map((id) => purchases.isEntitledTo(id))),
      };
    },
    check(outcome, { serverNow }) {
      expect(outcome.customerInfo).toMatchObject({
        entitlements: { all: {}, active: {} },
        activeSubscriptions: [],
        originalAppUserId: "the configured user",
        subscriptionsByProductIdentifier: {},
        nonSubscriptionTransactions: [],
        requestDate: serverNow.toISOString(),
        originalPurchaseDate: null,
      });
      expect(outcome.entitled.every((entitled) => entitled === false)).toBe(true);
    },
  }),

  step({
    name: "buys the monthly package in the Test Store, with the peer's purchase options, and grants it",
    async run(ctx) {
      const purchases = configure(ctx, "buyer");
      const rcPackage = await packageNamed(purchases, "$rc_monthly");
      const params: PurchaseParams = {
        rcPackage,
        purchaseOption: rcPackage.webBillingProduct.defaultPurchaseOption,
        htmlTarget: ctx.htmlTarget(),
        customerEmail: "buyer@realmheart.example",
        selectedLocale: "en",
        defaultLocale: "en",
        metadata: { campaign: "compat", coupon: null },
        skipSuccessPage: true,
        termsAndConditionsUrl: "https://realmheart.example/terms",
        brandingAppearanceOverride: { color_buttons_primary: "#224466" },
      };
      const result = await testStorePurchase(ctx, purchases, params, "Test valid purchase");
      return purchaseResultOf(result, ctx.user("buyer"));
    },
    check(outcome, ctx) {
      const monthly = ctx.expected
        .offering(ctx.expected.currentOfferingId!)
        .packages.find((p) => p.identifier === "$rc_monthly")!;
      expect(outcome.storeTransaction).toMatchObject({ productIdentifier: monthly.productIdentifier });
      expect(outcome.operationSessionId).toBe("string");
      expect((outcome.customerInfo as any).activeSubscriptions).toEqual([monthly.productIdentifier]);
      // The first period the purchase pays for (or the trial) runs from the server's clock.
      const expiration = addPeriod(ctx.serverNow, (monthly.trialPeriod ?? monthly.period)!).toISOString();
      for (const entitlement of ctx.expected.entitlementsOf(monthly.productIdentifier)) {
        expect((outcome.customerInfo as any).entitlements.active[entitlement]).toMatchObject({
          isActive: true,
          productIdentifier: monthly.productIdentifier,
          periodType: monthly.trialPeriod ? "trial" : "normal",
          store: "test_store",
          expirationDate: expiration,
        });
      }
    },
  }),

  step({
    name: "shows that purchase in the buyer's customer info afterwards",
    async run(ctx) {
      const purchases = configure(ctx, "buyer");
      const [entitlement] = ctx.expected.entitlementsOf("premium_realm_monthly");
      return {
        customerInfo: customerInfoOf(await purchases.getCustomerInfo(), ctx.user("buyer")),
        entitled: await purchases.isEntitledTo(entitlement!),
      };
    },
    check(outcome) {
      expect(outcome.entitled).toBe(true);
      expect(outcome.customerInfo.activeSubscriptions).toEqual(["premium_realm_monthly"]);
      expect(outcome.customerInfo.subscriptionsByProductIdentifier).toHaveProperty("premium_realm_monthly");
    },
  }),

  step({
    name: "answers getCustomerInfo afresh: after a purchase, and after the app's backend cancelled it",
    async run(ctx) {
      const purchases = configure(ctx, "canceller");
      const rcPackage = await packageNamed(purchases, "$rc_monthly");
      const product = rcPackage.webBillingProduct.identifier;
      const [entitlement] = ctx.expected.entitlementsOf(product);
      const read = async () => ({
        customerInfo: customerInfoOf(await purchases.getCustomerInfo(), ctx.user("canceller")),
        entitled: await purchases.isEntitledTo(entitlement!),
      });
      const beforePurchase = await read();
      await testStorePurchase(
        ctx,
        purchases,
        { rcPackage, htmlTarget: ctx.htmlTarget() },
        "Test valid purchase",
      );
      const afterPurchase = await read();
      await ctx.cancelSubscription(ctx.user("canceller"), product);
      // Read at once, and twice together: nothing from before the cancellation may answer any of them.
      const [afterCancel, together] = await Promise.all([read(), read()]);
      return { beforePurchase, afterPurchase, afterCancel, together };
    },
    check(outcome, { expected, serverNow }) {
      const [entitlement] = expected.entitlementsOf("premium_realm_monthly");
      const activeOf = (read: { customerInfo: unknown }) =>
        (read.customerInfo as any).entitlements.active[entitlement!];
      expect(outcome.beforePurchase).toMatchObject({
        entitled: false,
        customerInfo: { activeSubscriptions: [] },
      });
      expect(outcome.afterPurchase.entitled).toBe(true);
      expect(activeOf(outcome.afterPurchase)).toMatchObject({ willRenew: true, unsubscribeDetectedAt: null });
      // Cancelling turns renewal off; access continues to the end of the period.
      expect(outcome.afterCancel.entitled).toBe(true);
      expect(activeOf(outcome.afterCancel)).toMatchObject({
        willRenew: false,
        unsubscribeDetectedAt: serverNow.toISOString(),
      });
      expect(outcome.together).toEqual(outcome.afterCancel);
    },
  }),

  step({
    name: "buys with purchasePackage(rcPackage, customerEmail, htmlTarget) as with purchase()",
    async run(ctx) {
      const purchases = configure(ctx, "package_buyer");
      const rcPackage = await packageNamed(purchases, "$rc_annual");
      const pending = purchases.purchasePackage(rcPackage, undefined, ctx.htmlTarget());
      const result = await answerTestStore(ctx, pending, "Test valid purchase");
      return purchaseResultOf(result, ctx.user("package_buyer"));
    },
    check(outcome) {
      expect(outcome.storeTransaction).toMatchObject({ productIdentifier: "premium_realm_annual" });
      expect((outcome.customerInfo as any).activeSubscriptions).toEqual(["premium_realm_annual"]);
    },
  }),

  step({
    name: "presents the current offering's paywall with the catalogue's texts and prices, closed by its back button",
    async run(ctx) {
      const purchases = configure(ctx, "paywall_viewer");
      const paywall = currentPaywall(ctx.expected);
      let backCalls = 0;
      const pending = purchases.presentPaywall({
        htmlTarget: ctx.htmlTarget(),
        onBack: (closePaywall) => {
          backCalls += 1;
          closePaywall();
        },
      });
      const settled = settledOf(pending);
      // Prices come with the products: the purchase button's text is complete once they are in.
      await until(() => settled() || ctx.elementTexts().some((text) => paywall.purchaseButton.test(text)));
      const shown = shownTexts(paywall.texts, ctx.elementTexts());
      const [backLid] = paywall.buttonTexts.navigate_back ?? [];
      await ctx.click(paywall.texts[backLid!]!, settled);
      return { shown, backCalls, closed: await failureOf(ctx.sdk, () => pending) };
    },
    check(outcome, { expected, sdk }) {
      const paywall = currentPaywall(expected);
      const inButtons = new Set(Object.values(paywall.buttonTexts).flat());
      for (const [lid, shown] of Object.entries(outcome.shown)) {
        if (shown === "placeholders only" || inButtons.has(lid)) continue;
        expect({ lid, shown }).not.toEqual({ lid, shown: "not shown" });
        for (const value of shown as string[]) expect(value).not.toMatch(/N\/A|undefined|NaN|null|\{\{/);
      }
      for (const lid of paywall.buttonTexts.navigate_back ?? []) expect(outcome.shown[lid]).toEqual([]);
      expect(outcome.backCalls).toBe(1);
      expect(outcome.closed).toMatchObject({
        isPurchasesError: true,
        errorCode: sdk.ErrorCode.UserCancelledError,
      });
    },
  }),

  step({
    name: "hides the paywall's back buttons with hideBackButtons, custom variables given",
    async run(ctx) {
      const { CustomVariableValue } = ctx.sdk;
      const purchases = configure(ctx, "paywall_viewer");
      const paywall = currentPaywall(ctx.expected);
      const pending = purchases.presentPaywall({
        htmlTarget: ctx.htmlTarget(),
        hideBackButtons: true,
        customVariables: { player_name: CustomVariableValue.string("Ada") },
      });
      const settled = settledOf(pending);
      await until(() => settled() || ctx.elementTexts().some((text) => paywall.purchaseButton.test(text)));
      const shown = shownTexts(paywall.texts, ctx.elementTexts());
      // What close() does to a paywall on screen is a documented difference (the peer leaves it open), so it only
      // ends the step here.
      purchases.close();
      return { shown };
    },
    check(outcome, { expected }) {
      const paywall = currentPaywall(expected);
      for (const lid of paywall.buttonTexts.navigate_back ?? []) expect(outcome.shown[lid]).toBe("not shown");
      expect(outcome.shown[paywall.purchaseButtonTexts[0]!]).not.toBe("not shown");
    },
  }),

  step({
    name: "buys the paywall's preselected package through the Test Store",
    async run(ctx) {
      const purchases = configure(ctx, "paywall_buyer");
      const paywall = currentPaywall(ctx.expected);
      const started: string[] = [];
      const interactions = new Set<string>();
      const pending = purchases.presentPaywall({
        htmlTarget: ctx.htmlTarget(),
        listener: {
          onPurchaseStarted: (rcPackage) => started.push(rcPackage.identifier),
          onInteraction: (event) => interactions.add(event.component_type),
        },
      });
      const settled = settledOf(pending);
      await ctx.click(paywall.purchaseButton, settled);
      const result = await answerTestStore(ctx, pending, "Test valid purchase");
      return {
        selectedPackage: result.selectedPackage.identifier,
        started,
        interactionTypes: [...interactions].sort(),
        result: purchaseResultOf(result, ctx.user("paywall_buyer")),
      };
    },
    check(outcome, { expected }) {
      const paywall = currentPaywall(expected);
      const bought = expected
        .offering(expected.currentOfferingId!)
        .packages.find((p) => p.identifier === paywall.selectedPackageId)!;
      expect(outcome.selectedPackage).toBe(bought.identifier);
      expect(outcome.started).toEqual([bought.identifier]);
      expect((outcome.result.customerInfo as any).activeSubscriptions).toEqual([bought.productIdentifier]);
    },
  }),

  step({
    name: "rejects a simulated failed Test Store purchase with TestStoreSimulatedPurchaseError",
    async run(ctx) {
      const purchases = configure(ctx, "unlucky");
      const rcPackage = await packageNamed(purchases, "$rc_monthly");
      const params = { rcPackage, htmlTarget: ctx.htmlTarget() };
      return {
        failure: await failureOf(ctx.sdk, () =>
          testStorePurchase(ctx, purchases, params, "Test failed purchase"),
        ),
        activeSubscriptions: customerInfoOf(await purchases.getCustomerInfo(), "").activeSubscriptions,
      };
    },
    check(outcome, { sdk }) {
      expect(outcome.failure).toMatchObject({
        isPurchasesError: true,
        errorCode: sdk.ErrorCode.TestStoreSimulatedPurchaseError,
      });
      expect(outcome.activeSubscriptions).toEqual([]);
    },
  }),

  step({
    name: "rejects a cancelled Test Store purchase with UserCancelledError",
    async run(ctx) {
      const purchases = configure(ctx, "undecided");
      const rcPackage = await packageNamed(purchases, "$rc_monthly");
      const params = { rcPackage, htmlTarget: ctx.htmlTarget() };
      return failureOf(ctx.sdk, () => testStorePurchase(ctx, purchases, params, "Cancel"));
    },
    check(outcome, { sdk }) {
      expect(outcome).toMatchObject({ isPurchasesError: true, errorCode: sdk.ErrorCode.UserCancelledError });
    },
  }),

  step({
    name: "switches to another customer with changeUser",
    async run(ctx) {
      const purchases = configure(ctx, "switcher");
      const customerInfo = await purchases.changeUser(ctx.user("buyer"));
      return {
        customerInfo: customerInfoOf(customerInfo, ctx.user("buyer")),
        appUserId: purchases.getAppUserId() === ctx.user("buyer") ? "the new user" : purchases.getAppUserId(),
      };
    },
    check(outcome) {
      expect(outcome.appUserId).toBe("the new user");
      expect(outcome.customerInfo).toMatchObject({
        originalAppUserId: "the configured user",
        activeSubscriptions: ["premium_realm_monthly"],
      });
    },
  }),

  step({
    name: "identifies an anonymous customer with identifyUser",
    async run(ctx) {
      const { Purchases } = ctx.sdk;
      const purchases = Purchases.configure({
        apiKey: ctx.expected.keys.test,
        appUserId: Purchases.generateRevenueCatAnonymousAppUserId(),
        httpConfig: { proxyURL: ctx.proxyURL },
        flags: { collectAnalyticsEvents: false },
      });
      const wasAnonymous = purchases.isAnonymous();
      const result = await purchases.identifyUser(ctx.user("identified"));
      return {
        wasAnonymous,
        isAnonymous: purchases.isAnonymous(),
        appUserId: purchases.getAppUserId() === ctx.user("identified") ? "the identified user" : "another",
        wasCreated: result.wasCreated,
        customerInfo: customerInfoOf(result.customerInfo, ctx.user("identified")),
      };
    },
    check(outcome) {
      expect(outcome).toMatchObject({
        wasAnonymous: true,
        isAnonymous: false,
        appUserId: "the identified user",
      });
      expect(outcome.customerInfo).toMatchObject({ entitlements: { active: {} } });
    },
  }),

  step({
    name: "tells anonymous ids and sandbox keys apart",
    async run(ctx) {
      const { Purchases } = ctx.sdk;
      const anonymousId = Purchases.generateRevenueCatAnonymousAppUserId();
      const seen = (apiKey: string, appUserId: string) => {
        const purchases = Purchases.configure({ apiKey, appUserId, httpConfig: { proxyURL: ctx.proxyURL } });
        const result = { isAnonymous: purchases.isAnonymous(), isSandbox: purchases.isSandbox() };
        purchases.close();
        return result;
      };
      const { keys } = ctx.expected;
      return {
        anonymousIdPattern: /^\$RCAnonymousID:[0-9a-f]{32}$/.test(anonymousId),
        testKey: seen(keys.test, ctx.user("someone")),
        sandboxKey: seen(keys.sandbox!, anonymousId),
        productionKey: seen(keys.production!, ctx.user("someone")),
      };
    },
    check(outcome) {
      expect(outcome.testKey).toEqual({ isAnonymous: false, isSandbox: true });
      expect(outcome.sandboxKey).toEqual({ isAnonymous: true, isSandbox: true });
      expect(outcome.productionKey).toEqual({ isAnonymous: false, isSandbox: false });
    },
  }),

  step({
    name: "stores customer attributes, reserved names and null values included",
    async run(ctx) {
      const { ReservedCustomerAttribute } = ctx.sdk;
      const purchases = configure(ctx, "attributed");
      return failureOf(ctx.sdk, () =>
        purchases.setAttributes({
          [ReservedCustomerAttribute.Email]: "attributed@realmheart.example",
          [ReservedCustomerAttribute.DisplayName]: "Ada",
          favourite_realm: "Emberfall",
          retired_attribute: null,
        }),
      );
    },
    check(outcome) {
      expect(outcome).toBe("resolved");
    },
  }),

  step({
    name: "lists every virtual currency of the catalogue at 0 for a new customer, cached until invalidated",
    async run(ctx) {
      const purchases = configure(ctx, "spender", ctx.currencyProject.keys.test);
      const cachedBefore = purchases.getCachedVirtualCurrencies();
      const fetched = await purchases.getVirtualCurrencies();
      const cached = purchases.getCachedVirtualCurrencies();
      purchases.invalidateVirtualCurrenciesCache();
      const currencies = Object.entries(fetched.all).map(([key, c]) => ({
        key,
        balance: c.balance,
        code: c.code,
        name: c.name,
        serverDescription: c.serverDescription,
      }));
      return {
        cachedBefore,
        currencies: currencies.sort((a, b) => a.key.localeCompare(b.key)),
        cachedIsTheFetched: cached === fetched || JSON.stringify(cached) === JSON.stringify(fetched),
        cachedAfterInvalidate: purchases.getCachedVirtualCurrencies(),
      };
    },
    check(outcome, { currencyProject }) {
      expect(outcome.cachedBefore).toBeNull();
      expect(outcome.cachedIsTheFetched).toBe(true);
      expect(outcome.cachedAfterInvalidate).toBeNull();
      const declared = currencyProject.virtualCurrencies.map((c) => ({
        key: c.code,
        code: c.code,
        name: c.name,
        serverDescription: c.description,
        balance: 0,
      }));
      expect(outcome.currencies).toEqual(declared.sort((a, b) => a.key.localeCompare(b.key)));
    },
  }),

  step({
    name: "lists a one-time product and a subscription with several purchase options as the catalogue declares",
    async run(ctx) {
      return offeringsOf(await configure(ctx, "browser", ctx.currencyProject.keys.test).getOfferings());
    },
    check(outcome, { currencyProject }) {
      for (const offering of currencyProject.offerings) {
        const seen = (outcome.all as Record<string, any>)[offering.identifier];
        for (const rcPackage of offering.packages) {
          const product = seen.packagesById[rcPackage.identifier].webBillingProduct;
          const option = { id: rcPackage.defaultOptionId, priceId: rcPackage.priceId };
          expect(product).toMatchObject({
            identifier: rcPackage.productIdentifier,
            productType: rcPackage.productType,
            price: rcPackage.price,
            period: rcPackage.period,
            defaultPurchaseOption: option,
          });
          if (rcPackage.isSubscription) {
            expect(Object.keys(product.subscriptionOptions).sort()).toEqual(rcPackage.optionIds);
            expect(product.defaultSubscriptionOption).toMatchObject(option);
            expect(product.defaultNonSubscriptionOption).toBeNull();
          } else {
            expect(product.defaultNonSubscriptionOption).toEqual({ ...option, basePrice: rcPackage.price });
            expect(product.defaultSubscriptionOption).toBeNull();
            expect(product.subscriptionOptions).toEqual({});
          }
        }
      }
    },
  }),

  step({
    name: "buys a consumable in the Test Store: a one-time transaction and the currencies it grants",
    async run(ctx) {
      const project = ctx.currencyProject;
      const purchases = configure(ctx, "gem_buyer", project.keys.test);
      const offering = await purchases.getOfferings().then((offerings) => offerings.current);
      const rcPackage = offering?.availablePackages.find(
        (p) => p.webBillingProduct.defaultNonSubscriptionOption !== null,
      );
      if (!rcPackage) throw new Error("the current offering has no one-time package");
      const params = { rcPackage, htmlTarget: ctx.htmlTarget() };
      const result = await testStorePurchase(ctx, purchases, params, "Test valid purchase");
      const currencies = await purchases.getVirtualCurrencies();
      return {
        result: purchaseResultOf(result, ctx.user("gem_buyer")),
        balances: Object.fromEntries(Object.values(currencies.all).map((c) => [c.code, c.balance])),
      };
    },
    check(outcome, { currencyProject }) {
      const bought = currencyProject.offerings.flatMap((o) => o.packages).find((p) => !p.isSubscription)!;
      const info = outcome.result.customerInfo as any;
      expect(info.nonSubscriptionTransactions).toMatchObject([
        { productIdentifier: bought.productIdentifier, store: "test_store" },
      ]);
      expect(info.activeSubscriptions).toEqual([]);
      expect(outcome.result.storeTransaction).toMatchObject({ productIdentifier: bought.productIdentifier });
      const grants = currencyProject.grantsOf(bought.productIdentifier);
      const expected = Object.fromEntries(
        currencyProject.virtualCurrencies.map((c) => [c.code, grants[c.code] ?? 0]),
      );
      expect(outcome.balances).toEqual(expected);
    },
  }),

  step({
    name: "buys a subscription that grants currencies: its free trial grants none until the first paid period",
    async run(ctx) {
      const purchases = configure(ctx, "pass_buyer", ctx.currencyProject.keys.test);
      const offering = await purchases.getOfferings().then((offerings) => offerings.current);
      const rcPackage = offering?.availablePackages.find((p) => p.webBillingProduct.freeTrialPhase !== null);
      if (!rcPackage) throw new Error("the current offering has no subscription with a free trial");
      const params = { rcPackage, htmlTarget: ctx.htmlTarget() };
      const result = await testStorePurchase(ctx, purchases, params, "Test valid purchase");
      const currencies = await purchases.getVirtualCurrencies();
      return {
        result: purchaseResultOf(result, ctx.user("pass_buyer")),
        balances: Object.fromEntries(Object.values(currencies.all).map((c) => [c.code, c.balance])),
      };
    },
    check(outcome, { currencyProject, serverNow }) {
      const bought = currencyProject.offerings.flatMap((o) => o.packages).find((p) => p.trialPeriod)!;
      const info = outcome.result.customerInfo as any;
      expect(info.activeSubscriptions).toEqual([bought.productIdentifier]);
      expect(info.subscriptionsByProductIdentifier[bought.productIdentifier]).toMatchObject({
        periodType: "trial",
        expiresDate: addPeriod(serverNow, bought.trialPeriod!).toISOString(),
        isActive: true,
      });
      expect(Object.keys(currencyProject.grantsOf(bought.productIdentifier)).length).toBeGreaterThan(0);
      expect(outcome.balances).toEqual(
        Object.fromEntries(currencyProject.virtualCurrencies.map((c) => [c.code, 0])),
      );
    },
  }),

  step({
    name: "serves the offerings again after invalidateOfferingsCache",
    async run(ctx) {
      const purchases = configure(ctx, "browser");
      const before = offeringsOf(await purchases.getOfferings());
      purchases.invalidateOfferingsCache();
      return { before, after: offeringsOf(await purchases.getOfferings()) };
    },
    check(outcome) {
      expect(outcome.after).toEqual(outcome.before);
    },
  }),

  step({
    name: "accepts the peer's static settings, preload and a custom paywall impression",
    async run(ctx) {
      const { Purchases, LogLevel } = ctx.sdk;
      const logged: string[] = [];
      Purchases.setLogHandler((_level, message) => logged.push(message));
      Purchases.setLogLevel(LogLevel.Error);
      Purchases.setPlatformInfo({ flavor: "compat-suite", version: "1.0.0" });
      const purchases = configure(ctx, "browser");
      const preload = await failureOf(ctx.sdk, () => purchases.preload());
      const offering = (await purchases.getOfferings()).current ?? undefined;
      const impression = await failureOf(ctx.sdk, () =>
        purchases.trackCustomPaywallImpression({ paywallId: "compat_paywall", offering }),
      );
      Purchases.setLogHandler(null);
      return { preload, impression };
    },
    check(outcome) {
      expect(outcome).toEqual({ preload: "resolved", impression: "resolved" });
    },
  }),

  step({
    name: "rejects an unknown API key with InvalidCredentialsError and the server's code",
    async run(ctx) {
      const purchases = configure(ctx, "stranger", ctx.expected.keys.unknown);
      return {
        offerings: await failureOf(ctx.sdk, () => purchases.getOfferings()),
        customerInfo: await failureOf(ctx.sdk, () => purchases.getCustomerInfo()),
      };
    },
    check(outcome, { sdk }) {
      const invalid = { isPurchasesError: true, errorCode: sdk.ErrorCode.InvalidCredentialsError };
      expect(outcome.offerings).toMatchObject(invalid);
      expect(outcome.customerInfo).toMatchObject(invalid);
    },
  }),

  step({
    name: "refuses bad configuration synchronously with a PurchasesError",
    async run(ctx) {
      const { Purchases } = ctx.sdk;
      const refused = (config: PurchasesConfig) => failureOf(ctx.sdk, () => Purchases.configure(config));
      const base = { apiKey: ctx.expected.keys.test, appUserId: ctx.user("someone") };
      return {
        malformedKey: await refused({ ...base, apiKey: "not a key" }),
        emptyKey: await refused({ ...base, apiKey: "" }),
        emptyUser: await refused({ ...base, appUserId: "" }),
        userWithSlash: await refused({ ...base, appUserId: "realm/heart" }),
        reservedHeader: await refused({
          ...base,
          httpConfig: { additionalHeaders: { "X-Platform": "web" } },
        }),
      };
    },
    check(outcome, { sdk }) {
      expect(outcome.malformedKey).toMatchObject({ isPurchasesError: true });
      expect(outcome.emptyKey).toMatchObject({ isPurchasesError: true });
      const invalidUser = { isPurchasesError: true, errorCode: sdk.ErrorCode.InvalidAppUserIdError };
      expect(outcome.emptyUser).toMatchObject(invalidUser);
      expect(outcome.userWithSlash).toMatchObject(invalidUser);
      expect(outcome.reservedHeader).toMatchObject({ isPurchasesError: true });
    },
  }),

  step({
    name: "reports an unreachable server as NetworkError",
    async run(ctx) {
      const { Purchases } = ctx.sdk;
      const purchases = Purchases.configure(ctx.expected.keys.test, ctx.user("offline"), {
        proxyURL: "http://127.0.0.1:9/billing", // the discard port: nothing listens
      });
      return failureOf(ctx.sdk, () => purchases.getOfferings());
    },
    check(outcome, { sdk }) {
      expect(outcome).toMatchObject({ isPurchasesError: true, errorCode: sdk.ErrorCode.NetworkError });
    },
  }),

  step({
    name: "throws UninitializedPurchasesError from getSharedInstance before configure",
    async run({ sdk }) {
      const { Purchases, UninitializedPurchasesError } = sdk;
      try {
        Purchases.getSharedInstance();
        return { isConfigured: Purchases.isConfigured(), threw: false };
      } catch (error) {
        // Whether it is also a PurchasesError is a documented difference (docs/migrating-from-purchases-js.md):
        // in purchases-web every failure is one.
        return {
          isConfigured: Purchases.isConfigured(),
          threw: error instanceof Error,
          isUninitializedPurchasesError:
            typeof UninitializedPurchasesError === "function" && error instanceof UninitializedPurchasesError,
        };
      }
    },
    check(outcome) {
      expect(outcome).toMatchObject({ isConfigured: false, isUninitializedPurchasesError: true });
    },
  }),

  step({
    name: "makes the latest configure the shared instance and closes cleanly",
    async run(ctx) {
      const { Purchases } = ctx.sdk;
      const first = configure(ctx, "first");
      const second = Purchases.configure(ctx.expected.keys.test, ctx.user("second"), {
        proxyURL: ctx.proxyURL,
      });
      const sharedIsLatest = Purchases.getSharedInstance() === second;
      const secondUser = second.getAppUserId() === ctx.user("second");
      const firstUser = first.getAppUserId() === ctx.user("first");
      second.close();
      return { sharedIsLatest, secondUser, firstUser, configuredAfterClose: Purchases.isConfigured() };
    },
    check(outcome) {
      expect(outcome).toEqual({
        sharedIsLatest: true,
        secondUser: true,
        firstUser: true,
        configuredAfterClose: false,
      });
    },
  }),
];
