// Shared set-up of the paywall tests: the reference catalogue over msw with a paywall on the default offering
// (the protocol fixture unless a test gives its own), a configured Purchases, and helpers to read the paywall.
import { http, HttpResponse } from "msw";
import type { SetupServer } from "msw/node";
import { vi } from "vitest";
import type { PresentPaywallParams } from "../../../src/index";
import type { PurchasesEnvironment } from "../../../src/environment";
import paywallFixture from "../../../fixtures/protocol/paywall.json";
import { fixtures } from "../../support/fixtures";
import { TEST_BASE_URL } from "../../support/msw";
import { KEYS, configure, serveCatalogue } from "../../ui/support/harness";

/** The protocol fixture's paywall document and colour aliases (a fresh copy). */
export const paywallDocument = () => structuredClone(paywallFixture.paywall_components) as any;
export const uiConfig = () => structuredClone(paywallFixture.ui_config) as any;

const hex = (value: string) => ({ light: { type: "hex", value } });

/** A paywall whose base stack holds `components`, with texts `texts` in en (and more locales if given). */
export function paywallOf(
  components: unknown[],
  texts: Record<string, string> = {},
  extra: {
    stack?: Record<string, unknown>;
    base?: Record<string, unknown>;
    locales?: Record<string, any>;
  } = {},
) {
  return {
    default_locale: "en",
    components_config: {
      base: {
        stack: { type: "stack", components, ...extra.stack },
        ...extra.base,
      },
    },
    components_localizations: { en: { title: "Title", ...texts }, ...extra.locales },
  };
}

/** A text component. */
export const text = (lid: string, props: Record<string, unknown> = {}) => ({
  type: "text",
  text_lid: lid,
  ...props,
});
export { hex };

/** Serves the catalogue with `paywall` on the default offering and `ui_config` in the offerings response. */
export function servePaywall(server: SetupServer, paywall: unknown, ui: unknown = uiConfig()) {
  const seen = serveCatalogue(server, { branding: null });
  server.use(
    http.get(`${TEST_BASE_URL}/v1/subscribers/:id/offerings`, () => {
      const wire = fixtures.offerings() as any;
      wire.offerings[0].paywall_components = paywall;
      wire.ui_config = ui;
      return HttpResponse.json(wire);
    }),
  );
  return seen;
}

/** The paywall's dialog, once it is shown. */
export async function paywallRoot(): Promise<HTMLElement> {
  return vi.waitFor(() => {
    const element = document.querySelector<HTMLElement>(".pw-paywall[role=dialog]");
    if (!element?.querySelector(".pw-pwl")) throw new Error("no paywall yet");
    return element;
  });
}

/**
 * Shows `paywall` (the fixture by default) with a Test Store key (and `environment`, such as a clock) and returns
 * its promise and root.
 */
export async function openPaywall(
  server: SetupServer,
  params: PresentPaywallParams = {},
  paywall: unknown = paywallDocument(),
  ui: unknown = uiConfig(),
  environment: Partial<PurchasesEnvironment> = {},
) {
  const seen = servePaywall(server, paywall, ui);
  const purchases = configure(KEYS.testStore, environment);
  const shown = purchases.presentPaywall(params);
  // A failure before anything is shown must not be left unhandled while the test waits.
  shown.catch(() => {});
  const root = await paywallRoot();
  return { seen, purchases, shown, root };
}

/** The package radios in document order. */
export const radios = (root: ParentNode = document) => [
  ...root.querySelectorAll<HTMLElement>(".pw-paywall [role=radio]"),
];

/** Text with its whitespace (no-break spaces of prices included) collapsed to single spaces. */
export const collapse = (text: string) => text.replace(/\s+/g, " ");

/** The paywall's texts, one after another, whitespace collapsed. */
export const paywallText = () =>
  collapse(
    [...document.querySelectorAll(".pw-paywall .pw-pwl-text, .pw-paywall .pw-pwl-badge")]
      .map((element) => element.textContent)
      .join(" "),
  );

/** The paywall button whose text contains `text`. */
export async function paywallButton(text: string | RegExp): Promise<HTMLButtonElement> {
  return vi.waitFor(() => {
    const found = [...document.querySelectorAll<HTMLButtonElement>(".pw-paywall button")].find((b) =>
      typeof text === "string" ? (b.textContent ?? "").includes(text) : text.test(b.textContent ?? ""),
    );
    if (!found) throw new Error(`no paywall button ${String(text)}`);
    return found;
  });
}
