// Renders small paywall documents for the component and property tests: `show(components)` opens a paywall
// whose base stack holds a title and `components` (with colour aliases "brand" and "only_light") and closes it
// after the test.
import type { SetupServer } from "msw/node";
import { afterEach } from "vitest";
import type { PurchasesEnvironment } from "../../../src/environment";
import { Purchases } from "../../../src/index";
import { press, settle } from "../../ui/support/harness";
import { openPaywall, paywallOf, text } from "./paywall-harness";

export function useShowPaywall(server: SetupServer) {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
    document.body.innerHTML = "";
    document.head.innerHTML = "";
  });
  /** Shows a paywall of `components` (with `environment`, such as a clock) and returns its root. */
  async function show(
    components: unknown[],
    texts: Record<string, string> = {},
    extra = {},
    params = {},
    environment: Partial<PurchasesEnvironment> = {},
  ) {
    const opened = await openPaywall(
      server,
      params,
      paywallOf([text("title"), ...components], texts, extra),
      {
        app: {
          colors: {
            brand: { light: { type: "hex", value: "#8B2252" }, dark: { type: "hex", value: "#C9A227" } },
            only_light: { light: { type: "hex", value: "#123456" } },
          },
        },
      },
      environment,
    );
    closers.push(async () => {
      press("Escape");
      await settle(opened.shown);
    });
    return opened.root;
  }
  /** Closes the paywalls shown so far (to show another in the same test). */
  async function closeShown() {
    for (const close of closers.splice(0)) await close();
  }
  return { show, closeShown };
}

/** A stack of `components` with `props`. */
export const stack = (props: Record<string, unknown>, components: unknown[] = [text("a")]) => ({
  type: "stack",
  components,
  ...props,
});

/** The first element matching `selector`. */
export const first = (root: HTMLElement, selector: string) =>
  root.querySelectorAll<HTMLElement>(selector)[0]!;

/** The n-th stack inside the base stack. */
export const innerStack = (root: HTMLElement, n = 0) =>
  root.querySelectorAll<HTMLElement>(".pw-pwl-main > .pw-pwl-stack .pw-pwl-stack")[n]!;
