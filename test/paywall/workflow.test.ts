// @vitest-environment happy-dom
// Multi-page paywalls (workflows) over msw: the offering's workflow is asked for before the paywall shows, its
// first step's screen shows, a `workflow` button opens the page its trigger names, back returns, and the last
// page's links and close reach the host. A workflow that cannot be used leaves the offering's own paywall.
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorCode, LogLevel, Purchases } from "../../src/index";
import { useMswServer } from "../support/msw";
import { TEST_BASE_URL } from "../support/msw";
import { KEYS, configure, press, settle } from "../ui/support/harness";
import {
  paywallButton,
  paywallOf,
  paywallRoot,
  paywallText,
  radios,
  servePaywall,
  text,
} from "./support/paywall-harness";

const server = useMswServer();

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  document.body.innerHTML = "";
  document.head.innerHTML = "";
});

const button = (id: string, lid: string, action: object) => ({
  type: "button",
  id,
  action,
  stack: { type: "stack", components: [text(lid)] },
});

const intro = paywallOf([text("intro_title"), button("see_offers", "see", { type: "workflow" })], {
  intro_title: "Welcome to the Realm",
  see: "See the offers",
});
const offers = paywallOf(
  [
    text("offers_title"),
    { type: "package", package_id: "$rc_monthly", stack: { type: "stack", components: [text("monthly")] } },
    { type: "package", package_id: "$rc_annual", stack: { type: "stack", components: [text("annual")] } },
    button("back", "back", { type: "navigate_back" }),
    button("later", "later", { type: "complete_workflow", url: { url_lid: "later_url" } }),
    button("close", "close", { type: "close_workflow" }),
  ],
  {
    offers_title: "Choose your path",
    monthly: "Monthly",
    annual: "Annual",
    back: "Back",
    later: "Maybe later",
    later_url: "https://realmheart.example/home",
    close: "Close",
  },
);

const workflow = (overrides: Record<string, unknown> = {}) => ({
  id: "wf_realm",
  offering_id: "default",
  initial_step_id: "step_intro",
  steps: {
    step_intro: {
      type: "screen",
      screen_id: "intro",
      triggers: [{ component_id: "see_offers", action_id: "go" }],
      trigger_actions: { go: { type: "step", step_id: "step_offers" } },
    },
    step_offers: { type: "screen", screen_id: "offers", triggers: [], trigger_actions: {} },
  },
  screens: { intro, offers },
  ...overrides,
});

/** Serves the default offering with `paywall` (null: none) and the workflow list and workflow given. */
function serveWorkflow(paywall: unknown, data: object = workflow()) {
  const seen = servePaywall(server, paywall);
  const asked: string[] = [];
  server.use(
    http.get(`${TEST_BASE_URL}/v1/subscribers/:id/workflows`, ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json({ workflows: [{ id: "wf_realm", type: "paywall", offering_id: "default" }] });
    }),
    http.get(`${TEST_BASE_URL}/v1/subscribers/:id/workflows/:workflowId`, ({ params }) => {
      asked.push(String(params.workflowId));
      return HttpResponse.json(data);
    }),
  );
  return { seen, asked };
}

describe("presentPaywall with a workflow", () => {
  it("shows the first step's screen, opens the next page from its trigger, and goes back to the first", async () => {
    const { asked } = serveWorkflow(null);
    const purchases = configure(KEYS.testStore);
    const shown = purchases.presentPaywall();
    shown.catch(() => {});
    await paywallRoot();
    expect(asked).toEqual(["?type=paywall", "wf_realm"]);
    expect(paywallText()).toContain("Welcome to the Realm");
    expect(radios()).toHaveLength(0);

    (await paywallButton("See the offers")).click();
    await vi.waitFor(() => expect(paywallText()).toContain("Choose your path"));
    expect(paywallText()).not.toContain("Welcome to the Realm");
    expect(radios().map((r) => r.dataset.packageId)).toEqual(["$rc_monthly", "$rc_annual"]);
    expect(document.activeElement?.textContent).toBe("Choose your path"); // focus moved to the new page

    (await paywallButton("Back")).click();
    await vi.waitFor(() => expect(paywallText()).toContain("Welcome to the Realm"));
    press("Escape");
    expect((await settle(shown)).error?.errorCode).toBe(ErrorCode.UserCancelledError);
  });

  it("reports each step started and completed as purchases-js does: start, forward and back; closing reports none", async () => {
    const { seen } = serveWorkflow(null);
    const purchases = configure(KEYS.testStore);
    const shown = purchases.presentPaywall();
    shown.catch(() => {});
    (await paywallButton("See the offers")).click();
    (await paywallButton("Back")).click();
    await vi.waitFor(() => expect(paywallText()).toContain("Welcome to the Realm"));
    press("Escape");
    await settle(shown);
    await (purchases as unknown as { analytics: { flush(): Promise<void> } }).analytics.flush();
    const steps = seen.events
      .filter((event) => event.event_name.startsWith("workflow_step_"))
      .map((event) => [event.event_name, event.properties]);
    const intro = {
      workflow_id: "wf_realm",
      step_id: "step_intro",
      is_first_step: true,
      is_last_step: false,
    };
    const offersStep = {
      workflow_id: "wf_realm",
      step_id: "step_offers",
      is_first_step: false,
      is_last_step: true,
    };
    expect(steps).toEqual([
      ["workflow_step_started", { ...intro, entry_reason: "start" }],
      ["workflow_step_completed", { ...intro, to_step_id: "step_offers" }],
      ["workflow_step_started", { ...offersStep, from_step_id: "step_intro", entry_reason: "forward" }],
      ["workflow_step_completed", { ...offersStep, to_step_id: "step_intro" }],
      ["workflow_step_started", { ...intro, from_step_id: "step_offers", entry_reason: "back" }],
    ]);
  });

  it("reports the first step completed, for no other, when its back button leaves the workflow", async () => {
    const introWithBack = paywallOf(
      [text("intro_title"), button("leave", "leave", { type: "navigate_back" })],
      { intro_title: "Welcome to the Realm", leave: "Not now" },
    );
    const { seen } = serveWorkflow(null, workflow({ screens: { intro: introWithBack, offers } }));
    const purchases = configure(KEYS.testStore);
    const onBack = vi.fn((closePaywall: () => void) => closePaywall());
    const shown = purchases.presentPaywall({ onBack });
    shown.catch(() => {});
    (await paywallButton("Not now")).click();
    expect((await settle(shown)).error?.errorCode).toBe(ErrorCode.UserCancelledError);
    expect(onBack).toHaveBeenCalledTimes(1);
    await (purchases as unknown as { analytics: { flush(): Promise<void> } }).analytics.flush();
    const completed = seen.events.filter((event) => event.event_name === "workflow_step_completed");
    expect(completed.map((event) => event.properties)).toEqual([
      { workflow_id: "wf_realm", step_id: "step_intro", is_first_step: true, is_last_step: false },
    ]);
  });

  it("hands the last page's link to the host; its close button closes at once, without asking onBack", async () => {
    serveWorkflow(null);
    const purchases = configure(KEYS.testStore);
    const onNavigateToUrl = vi.fn();
    const onBack = vi.fn((closePaywall: () => void) => closePaywall());
    const shown = purchases.presentPaywall({ onNavigateToUrl, onBack });
    shown.catch(() => {});
    (await paywallButton("See the offers")).click();
    (await paywallButton("Maybe later")).click();
    expect(onNavigateToUrl).toHaveBeenCalledWith("https://realmheart.example/home");
    (await paywallButton("Close")).click();
    expect((await settle(shown)).error?.errorCode).toBe(ErrorCode.UserCancelledError);
    expect(onBack).not.toHaveBeenCalled();
  });

  it("shows the offering's own paywall, with a warning, when the workflow cannot be used", async () => {
    const warnings: string[] = [];
    Purchases.setLogLevel(LogLevel.Warn);
    Purchases.setLogHandler((level, message) => level === LogLevel.Warn && warnings.push(message));
    try {
      serveWorkflow(
        paywallOf([text("own")], { own: "The offering's own paywall" }),
        workflow({ initial_step_id: "nope" }),
      );
      const purchases = configure(KEYS.testStore);
      const shown = purchases.presentPaywall();
      shown.catch(() => {});
      await paywallRoot();
      expect(paywallText()).toContain("The offering's own paywall");
      expect(warnings.join(" ")).toMatch(/workflow could not be used .*initial step shows no screen/);
    } finally {
      Purchases.setLogHandler(null);
      Purchases.setLogLevel(LogLevel.Error);
    }
  });

  it("is a ConfigurationError when the offering has neither a paywall nor a usable workflow", async () => {
    serveWorkflow(null, workflow({ screens: { intro: { default_locale: "en" } } }));
    const purchases = configure(KEYS.testStore);
    const { error } = await settle(purchases.presentPaywall());
    expect(error?.errorCode).toBe(ErrorCode.ConfigurationError);
    expect(error?.message).toBe("The offering default has no paywall components.");
  });
});
