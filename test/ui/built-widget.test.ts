// @vitest-environment happy-dom
// The published build, not the sources: the lazy widget chunk with its build-time compiled locale texts and
// the parser-less intl-messageformat.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type * as Sources from "../../src/index";
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { useMswServer } from "../support/msw";
import { KEYS, button, dialog, serveCatalogue, settle } from "./support/harness";
import { TEST_BASE_URL } from "../support/msw";

const server = useMswServer();
type Built = typeof Sources;
let built: Built;

beforeAll(async () => {
  // npm test builds first; a lone run of this file builds once.
  if (!existsSync("dist/index.mjs")) execSync("npm run build", { stdio: "ignore" });
  built = (await import(/* @vite-ignore */ `${process.cwd()}/dist/index.mjs`)) as Built;
}, 120_000);

afterEach(() => {
  if (built.Purchases.isConfigured()) built.Purchases.getSharedInstance().close();
  document.body.innerHTML = "";
});

describe("the built widget chunk", () => {
  it("shows the Test Store modal with its texts and cancels", async () => {
    serveCatalogue(server, { branding: null });
    built.Purchases.setLogLevel(built.LogLevel.Silent);
    const purchases = built.Purchases.configure({
      apiKey: KEYS.testStore,
      appUserId: "user_1",
      httpConfig: { proxyURL: TEST_BASE_URL },
      environment: { fetch: (input, init) => globalThis.fetch(input, init) },
    });
    const offerings = await purchases.getOfferings({ currency: "ZAR" });
    const purchase = purchases.purchase({ rcPackage: offerings.current!.monthly!, selectedLocale: "en-GB" });
    const root = await dialog();
    expect(root.textContent).toContain("Test Store Purchase");
    expect(root.textContent).toContain("1 week");
    (await button("Cancel")).click();
    const { error } = await settle(purchase);
    expect(error?.errorCode).toBe(built.ErrorCode.UserCancelledError);
  });
});
