// The purchases-js compatibility suite: the scenario (scenario.ts), written against @revenuecat/purchases-js's public
// API, runs on the peer itself (the pinned devDependency) and on purchases-web (src/index.ts), each against a real
// billing server over HTTP on 127.0.0.1, on PGlite and (with TEST_DATABASE_URL) on PostgreSQL. For every step:
// each SDK's outcome meets what the catalogue implies, and purchases-web's outcome equals the peer's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as peer from "@revenuecat/purchases-js";
import * as ours from "../../src/index";
import {
  DATABASES,
  startTestServer,
  type TestServer,
} from "../../examples/billing-server/test/support/test-server.js";
import { SCENARIO, type CompatStep, type StepContext } from "./scenario";
import type { Sdk } from "./sdk";
import { clickButton, elementTexts, installDom } from "./support/dom";
import { expectedForVirtualCurrencies, expectedFromCatalogue, type Expected } from "./support/expected";

interface SdkRun {
  readonly name: string;
  /** Prefixes this run's app user ids, so that the two SDKs never share a customer. */
  readonly tag: string;
  readonly sdk: Sdk;
}

const PEER: SdkRun = { name: "@revenuecat/purchases-js", tag: "peer", sdk: peer };
// Run through the peer's shape; whether purchases-web's own types fit it is the sample app's check (sample-app.ts).
const OURS: SdkRun = { name: "purchases-web", tag: "ours", sdk: ours as unknown as Sdk };

/** Lets the scenario act as the host app's backend does (the billing server's admin routes). */
const ADMIN_SECRET = "compat-admin-secret-0123456789";

// One document for the whole file: the peer's UI keeps references into the first document it rendered in.
let removeDom: () => Promise<void>;
beforeAll(() => {
  removeDom = installDom();
});
// After every server has closed: their PostgreSQL clean-up (a fresh pg client) hangs once happy-dom is torn down.
afterAll(() => removeDom?.());

describe.each(DATABASES)("purchases-js compatibility against the billing server on %s", (kind) => {
  let server: TestServer;
  let expected: Expected;
  let currencyProject: Expected;
  const outcomes = new Map<string, Promise<unknown>>();

  beforeAll(async () => {
    // purchases-js decides what is active by this machine's clock: the server keeps the same time.
    server = await startTestServer(kind, { adminSecret: ADMIN_SECRET }, { now: new Date() });
    // Both format prices for the document's language (navigator.language).
    expected = expectedFromCatalogue();
    currencyProject = expectedForVirtualCurrencies();
    for (const { sdk } of [PEER, OURS]) sdk.Purchases.setLogLevel(sdk.LogLevel.Silent);
  });
  afterAll(() => server?.close());

  function contextFor(run: SdkRun): StepContext {
    return {
      sdk: run.sdk,
      proxyURL: server.url,
      expected,
      currencyProject,
      serverNow: new Date(server.clock.now),
      user: (name) => `compat_${run.tag}_${name}`,
      async cancelSubscription(appUserId, productId) {
        const path = `/v1/subscribers/${encodeURIComponent(appUserId)}/subscriptions/${productId}/cancel`;
        const answer = await fetch(`${server.url}${path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${expected.keys.test}`, "x-billing-admin-secret": ADMIN_SECRET },
        });
        if (!answer.ok) throw new Error(`the backend's cancel answered ${answer.status}`);
      },
      click: (label, stop = () => false) => clickButton(label, stop),
      elementTexts,
      htmlTarget() {
        const target = document.createElement("div");
        document.body.append(target);
        return target;
      },
    };
  }

  async function runStep(run: SdkRun, step: CompatStep): Promise<unknown> {
    try {
      return await step.run(contextFor(run));
    } finally {
      const { Purchases } = run.sdk;
      if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
      document.body.replaceChildren();
    }
  }

  /** Each SDK runs each step once; the tests below read the same outcome. */
  function outcomeOf(run: SdkRun, step: CompatStep): Promise<unknown> {
    const key = `${run.tag}: ${step.name}`;
    if (!outcomes.has(key)) outcomes.set(key, runStep(run, step));
    return outcomes.get(key)!;
  }

  describe.each(SCENARIO.map((step) => [step.name, step] as const))("%s", (_name, step) => {
    for (const run of [PEER, OURS]) {
      it(
        step.check ? `${run.name} shows what the catalogue implies` : `${run.name} completes the step`,
        async () => {
          const outcome = await outcomeOf(run, step);
          step.check?.(outcome, contextFor(run));
        },
      );
    }

    it("purchases-web's outcome equals the peer's", async () => {
      const theirs = await outcomeOf(PEER, step);
      expect(await outcomeOf(OURS, step)).toEqual(theirs);
    });
  });
});
