// @vitest-environment happy-dom
// The paywall's purchases-js behaviours over msw: hideBackButtons, custom variables, onInteraction, the paywall
// analytics events, and trackCustomPaywallImpression.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ErrorCode,
  LogLevel,
  PAYWALL_COMPONENT_TYPES,
  Purchases,
  type PaywallInteractionEvent,
} from "../../src/index";
import { useMswServer } from "../support/msw";
import { KEYS, button, configure, press, serveCatalogue, settle } from "../ui/support/harness";
import {
  openPaywall,
  paywallButton,
  paywallOf,
  paywallText,
  radios,
  text,
  uiConfig,
} from "./support/paywall-harness";

const server = useMswServer();
/** The fixture's current offering was chosen by a targeting rule; its events say which. */
const TARGETING = { targeting_revision: 3, targeting_rule_id: "rule_za_users" };

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  document.body.innerHTML = "";
  document.head.innerHTML = "";
});

/** Sends the queued analytics events and returns those the server got, by name. */
async function sentEvents(purchases: Purchases, seen: { events: { event_name: string; properties: any }[] }) {
  await (purchases as unknown as { analytics: { flush(): Promise<void> } }).analytics.flush();
  return seen.events;
}

describe("presentPaywall: purchases-js options", () => {
  it("hideBackButtons hides every navigate_back button; the other buttons stay", async () => {
    const { shown } = await openPaywall(server, { hideBackButtons: true });
    expect(document.querySelector(".pw-paywall")!.textContent).not.toContain("Not now");
    expect((await paywallButton("free trial")).textContent).toContain("free trial");
    Purchases.getSharedInstance().close();
    expect((await settle(shown)).error?.errorCode).toBe(ErrorCode.UserCancelledError);
  });

  it("shows restore buttons only with onRestorePurchases: like purchases-js, none without it", async () => {
    const buttonTexts = () =>
      [...document.querySelectorAll(".pw-paywall button")].map((b) => b.textContent ?? "").join("|");
    const bare = await openPaywall(server);
    await paywallButton("free trial");
    expect(buttonTexts()).not.toContain("Restore");
    Purchases.getSharedInstance().close();
    await settle(bare.shown);
    document.body.innerHTML = "";
    const restore = vi.fn();
    const handled = await openPaywall(server, { onRestorePurchases: restore });
    (await paywallButton("Restore")).click();
    expect(restore).toHaveBeenCalledOnce();
    Purchases.getSharedInstance().close();
    await settle(handled.shown);
  });

  it("fills {{ custom.* }} from customVariables over ui_config defaults", async () => {
    const paywall = paywallOf([text("title"), text("hello")], {
      hello:
        "{{ custom.player_name }}, level {{ custom.level }}, premium {{ custom.is_premium }}, {{ custom.realm | uppercase }}",
    });
    const ui = {
      ...uiConfig(),
      custom_variables: { realm: { default_value: "avalon" }, level: { default_value: 1 } },
    };
    await openPaywall(
      server,
      {
        customVariables: {
          player_name: { type: "string", value: "Ada" },
          level: { type: "number", value: 42 },
          is_premium: { type: "boolean", value: true },
        },
      },
      paywall,
      ui,
    );
    expect(await paywallText()).toContain("Ada, level 42, premium true, AVALON");
  });

  it("refuses invalid customVariables and hideBackButtons before showing anything", async () => {
    serveCatalogue(server);
    const purchases = configure(KEYS.testStore);
    const bad: unknown[] = [
      { customVariables: { name: "Ada" } },
      { customVariables: { "bad name": { type: "string", value: "x" } } },
      { customVariables: { n: { type: "number", value: Number.NaN } } },
      { customVariables: [] },
      { hideBackButtons: "yes" },
      { listener: { onInteraction: "log" } },
    ];
    for (const params of bad) {
      await expect(purchases.presentPaywall(params as never)).rejects.toMatchObject({
        errorCode: ErrorCode.ConfigurationError,
      });
    }
    expect(document.querySelectorAll(".pw-paywall").length).toBe(0);
  });
});

describe("presentPaywall: interactions and analytics", () => {
  it("reports package choices, buttons and the purchase to onInteraction, with package and product ids", async () => {
    const events: PaywallInteractionEvent[] = [];
    const { shown } = await openPaywall(server, {
      listener: { onInteraction: (event) => events.push(event) },
      onRestorePurchases: () => {},
      onBack: (closePaywall) => closePaywall(),
    });
    const annual = radios().find((r) => r.textContent!.includes("Annual"))!;
    annual.click();
    annual.click(); // the same package again is no change
    (await paywallButton("Restore")).click();
    (await paywallButton("free trial")).click();
    (await button("Test valid purchase")).click();
    await settle(shown);
    expect(events.map((e) => [e.component_type, e.component_value])).toEqual([
      [PAYWALL_COMPONENT_TYPES.PACKAGE, "$rc_annual"],
      [PAYWALL_COMPONENT_TYPES.BUTTON, "restore_purchases"],
      [PAYWALL_COMPONENT_TYPES.PURCHASE_BUTTON, "web_checkout"],
    ]);
    expect(events[0]).toMatchObject({
      offering_id: "default",
      paywall_revision: 0,
      display_mode: "full_screen",
      dark_mode: false,
      locale: "en",
      origin_package_id: "$rc_monthly",
      origin_product_id: "premium_realm_monthly",
      destination_package_id: "$rc_annual",
      destination_product_id: "premium_realm_annual",
      default_package_id: "$rc_monthly",
    });
    expect(typeof events[0]!.timestamp).toBe("number");
    expect(new Set(events.map((e) => e.session_id)).size).toBe(1);
    expect(events[2]).toMatchObject({
      current_package_id: "$rc_annual",
      current_product_id: "premium_realm_annual",
    });
  });

  it("sends paywall_impression, the interactions, paywall_cancel when the checkout closes, and paywall_close", async () => {
    const { shown, purchases, seen } = await openPaywall(server, {
      onBack: (closePaywall) => closePaywall(),
    });
    (await paywallButton("free trial")).click();
    await button("Test valid purchase");
    press("Escape");
    await vi.waitFor(() => expect(document.querySelectorAll(".pw-test-store").length).toBe(0));
    await vi.waitFor(() =>
      expect(document.querySelector(".pw-pwl-purchase")!.hasAttribute("aria-disabled")).toBe(false),
    );
    (await paywallButton("Not now")).click();
    await settle(shown);
    const events = (await sentEvents(purchases, seen)).filter((e) => e.event_name.startsWith("paywall_"));
    expect(events.map((e) => [e.event_name, e.properties.component_value])).toEqual([
      ["paywall_impression", undefined],
      ["paywall_component_interacted", "web_checkout"],
      ["paywall_cancel", undefined],
      ["paywall_component_interacted", "navigate_back"],
      ["paywall_close", undefined],
    ]);
    const [impression, , cancel, , close] = events;
    expect(impression!.properties).toEqual({
      session_id: expect.any(String),
      offering_id: "default",
      paywall_id: null,
      paywall_revision: 0,
      display_mode: "full_screen",
      dark_mode: false,
      locale: "en",
      presented_offering_context: TARGETING,
    });
    expect(close!.properties).toEqual({
      session_id: impression!.properties.session_id,
      offering_id: "default",
      paywall_id: null,
      paywall_revision: 0,
      presented_offering_context: TARGETING,
    });
    expect(cancel!.properties.session_id).toBe(impression!.properties.session_id);
  });
});

describe("presentPaywall: the purchase options it hands to the checkout", () => {
  it("opens the checkout of a purchase button with the paywall's metadata, promotion code options, token and appearance", async () => {
    const onDiscountCodeChanged = vi.fn();
    const options = {
      metadata: { campaign: "spring", utm_term: null },
      externalPurchaseTokenId: "tok_1",
      brandingAppearanceOverride: { shapes: "pill" as const },
      showDiscountCodeField: true,
      discountCode: "WELCOME10",
      onDiscountCodeChanged,
    };
    const { purchases, shown } = await openPaywall(server, { ...options, customerEmail: "ada@example.com" });
    const purchase = vi.spyOn(purchases, "purchase");
    (await paywallButton("free trial")).click();
    (await button("Test valid purchase")).click();
    expect((await settle(shown)).value?.selectedPackage.identifier).toBe(
      purchase.mock.calls[0]![0].rcPackage.identifier,
    );
    expect(purchase).toHaveBeenCalledTimes(1);
    expect(purchase.mock.calls[0]![0]).toMatchObject({ ...options, customerEmail: "ada@example.com" });
  });

  it("refuses invalid purchase options before anything is shown", async () => {
    serveCatalogue(server);
    const purchases = configure(KEYS.testStore);
    for (const params of [
      { discountCode: " " },
      { showDiscountCodeField: "yes" },
      { onDiscountCodeChanged: "f" },
      { externalPurchaseTokenId: 7 },
      { brandingAppearanceOverride: { shapes: "round" } },
    ]) {
      await expect(purchases.presentPaywall(params as never)).rejects.toMatchObject({
        errorCode: ErrorCode.ConfigurationError,
      });
    }
    expect(document.querySelector(".pw-paywall")).toBeNull();
  });
});

describe("trackCustomPaywallImpression", () => {
  it("sends custom_paywall_impression with the paywall id and offering (its targeting too); without parameters, neither", async () => {
    const seen = serveCatalogue(server);
    const purchases = configure(KEYS.testStore);
    const offering = (await purchases.getOfferings()).current!;
    purchases.trackCustomPaywallImpression({ paywallId: "spring_sale", offering });
    purchases.trackCustomPaywallImpression();
    // The events are built by a lazily loaded module: wait until both have been sent.
    const impressions = async () =>
      (await sentEvents(purchases, seen)).filter((e) => e.event_name === "custom_paywall_impression");
    await vi.waitFor(async () => expect(await impressions()).toHaveLength(2));
    const events = await impressions();
    expect(events.map((e) => e.properties)).toEqual([
      {
        paywall_id: "spring_sale",
        offering_id: "default",
        presented_offering_context: TARGETING,
      },
      {},
    ]);
  });

  it("logs a paywallId that is not a non-empty string and an offering not from getOfferings as errors, and sends nothing", async () => {
    const seen = serveCatalogue(server);
    const purchases = configure(KEYS.testStore);
    const errors: string[] = [];
    Purchases.setLogHandler((level, message) => {
      if (level === LogLevel.Error) errors.push(message);
    });
    try {
      const invalid = [{ paywallId: "" }, { paywallId: 7 }, { offering: { identifier: "x" } }, "spring"];
      for (const params of invalid) {
        expect(() => purchases.trackCustomPaywallImpression(params as never)).not.toThrow();
      }
      await vi.waitFor(() => expect(errors).toHaveLength(invalid.length));
      expect(errors.join("\n")).toMatch(/paywallId must be a non-empty string/);
      expect(errors.join("\n")).toMatch(/offering must be an Offering of getOfferings/);
      expect((await sentEvents(purchases, seen)).map((e) => e.event_name)).not.toContain(
        "custom_paywall_impression",
      );
    } finally {
      Purchases.setLogHandler(null);
    }
  });
});
