// @vitest-environment happy-dom
// The component types of the lazily loaded paywall-extras module (tabs, carousel, countdown, header, video,
// redemption button, web view, wallet buttons, inputs, loaders), rendered through presentPaywall from small documents.
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useMswServer } from "../support/msw";
import { ErrorCode } from "../../src/index";
import { KEYS, configure, press, settle } from "../ui/support/harness";
import { hex, paywallOf, servePaywall, text } from "./support/paywall-harness";
import { stack, useShowPaywall } from "./support/show-paywall";

const server = useMswServer();
const { show } = useShowPaywall(server);

afterEach(() => {
  vi.restoreAllMocks();
});

const pkg = (id: string, lid = "p", props: Record<string, unknown> = {}) => ({
  type: "package",
  package_id: id,
  stack: stack({}, [text(lid)]),
  ...props,
});
const tabButton = (id: string, lid: string) => ({
  type: "tab_control_button",
  tab_id: id,
  stack: stack(
    { overrides: [{ conditions: [{ type: "selected" }], properties: { background_color: hex("#112233") } }] },
    [text(lid)],
  ),
});
const tab = (id: string, components: unknown[]) => ({
  type: "tab",
  id,
  stack: stack({}, [{ type: "tab_control" }, ...components]),
});
const tabs = (props: Record<string, unknown> = {}) => ({
  type: "tabs",
  name: "Plans",
  control: {
    type: "buttons",
    stack: stack({ dimension: { type: "horizontal" } }, [tabButton("m", "tm"), tabButton("y", "ty")]),
  },
  tabs: [
    tab("m", [text("monthly_body"), pkg("$rc_monthly")]),
    tab("y", [text("yearly_body"), pkg("$rc_annual", "p", { is_selected_by_default: true })]),
  ],
  ...props,
});
const TAB_TEXTS = {
  tm: "Monthly",
  ty: "Yearly",
  monthly_body: "Billed monthly",
  yearly_body: "Billed yearly",
  p: "{{ product_name }}",
};

/** Makes `(prefers-reduced-motion: reduce)` match (or not). */
function prefersReducedMotion(reduce: boolean) {
  const real = window.matchMedia.bind(window);
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) =>
    query.includes("prefers-reduced-motion")
      ? ({ ...real(query), matches: reduce } as MediaQueryList)
      : real(query),
  );
}

const tabsOf = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>("[role=tab]")];

describe("tabs", () => {
  it("shows only the default tab's content, and a pressed tab's content instead", async () => {
    const root = await show([tabs({ default_tab_id: "y" })], TAB_TEXTS);
    expect(root.textContent).toContain("Billed yearly");
    expect(root.textContent).not.toContain("Billed monthly");
    const [monthly, yearly] = tabsOf(root);
    expect(yearly!.getAttribute("aria-selected")).toBe("true");
    expect(monthly!.getAttribute("aria-selected")).toBe("false");
    expect(yearly!.style.background).toBe("#112233");
    monthly!.click();
    await vi.waitFor(() => expect(root.textContent).toContain("Billed monthly"));
    expect(root.textContent).not.toContain("Billed yearly");
    expect(tabsOf(root)[0]!.getAttribute("aria-selected")).toBe("true");
    expect(tabsOf(root)[0]!.style.background).toBe("#112233");
    expect(tabsOf(root)[1]!.style.background).toBe("");
  });

  it("ties the tablist, its tabs and the tab panel together", async () => {
    const root = await show([tabs()], TAB_TEXTS);
    const list = root.querySelector<HTMLElement>("[role=tablist]")!;
    expect(list.getAttribute("aria-label")).toBe("Plans");
    const panel = root.querySelector<HTMLElement>("[role=tabpanel]")!;
    const [first, second] = tabsOf(root);
    expect(list.contains(first!)).toBe(true);
    expect(first!.getAttribute("aria-controls")).toBe(panel.id);
    expect(panel.getAttribute("aria-labelledby")).toBe(first!.id);
    expect([first!.tabIndex, second!.tabIndex]).toEqual([0, -1]);
  });

  it("moves the selection and the focus with the arrow keys, Home and End, wrapping around", async () => {
    const root = await show([tabs()], TAB_TEXTS);
    tabsOf(root)[0]!.focus();
    press("ArrowRight");
    await vi.waitFor(() => expect(root.textContent).toContain("Billed yearly"));
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe("Yearly"));
    expect(document.activeElement?.getAttribute("aria-selected")).toBe("true");
    press("ArrowRight");
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe("Monthly"));
    expect(root.textContent).toContain("Billed monthly");
    press("End");
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe("Yearly"));
    press("Home");
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe("Monthly"));
    press("ArrowLeft");
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe("Yearly"));
  });

  it("follows the reading direction with left and right in a right-to-left paywall", async () => {
    const three = tabs();
    three.control.stack.components.push(tabButton("w", "tw"));
    three.tabs.push(tab("w", [text("weekly_body")]));
    const root = await show(
      [three],
      { ...TAB_TEXTS, tw: "Weekly", weekly_body: "Billed weekly" },
      {},
      {
        selectedLocale: "ar",
      },
    );
    expect(root.closest("[dir]")?.getAttribute("dir") ?? root.getAttribute("dir")).toBe("rtl");
    tabsOf(root)[0]!.focus();
    press("ArrowLeft");
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe("Yearly"));
    press("ArrowRight");
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe("Monthly"));
  });

  it("selects the shown tab's default package, and its packages alone take part in the arrow keys", async () => {
    const root = await show([tabs()], TAB_TEXTS);
    const checked = () =>
      root.querySelector("[role=radio][aria-checked=true]")?.getAttribute("data-package-id");
    expect(checked()).toBe("$rc_monthly");
    tabsOf(root)[1]!.click();
    await vi.waitFor(() => expect(checked()).toBe("$rc_annual"));
    expect(root.querySelectorAll("[role=radio]")).toHaveLength(1);
    root.querySelector<HTMLElement>("[role=radio]")!.focus();
    press("ArrowDown");
    await Promise.resolve();
    expect(checked()).toBe("$rc_annual");
  });

  it("switches between the first and the second tab with a toggle", async () => {
    const toggle = {
      type: "tab_control_toggle",
      track_color_on: hex("#00AA00"),
      track_color_off: hex("#999999"),
    };
    const root = await show(
      [
        tabs({
          control: { type: "toggle", stack: stack({}, [text("trial"), toggle]) },
          tabs: [
            { ...tab("off", [text("monthly_body")]), name: "Free trial" },
            { ...tab("on", [text("yearly_body")]), name: "Free trial" },
          ],
        }),
      ],
      { ...TAB_TEXTS, trial: "Free trial" },
    );
    const find = () => root.querySelector<HTMLButtonElement>("[role=switch]")!;
    expect(find().getAttribute("aria-checked")).toBe("false");
    expect(find().getAttribute("aria-label")).toBe("Free trial");
    expect(find().style.background).toBe("#999999");
    expect(root.querySelector("[role=tablist], [role=tabpanel]")).toBeNull();
    find().click();
    await vi.waitFor(() => expect(root.textContent).toContain("Billed yearly"));
    expect(root.textContent).not.toContain("Billed monthly");
    expect(find().getAttribute("aria-checked")).toBe("true");
    expect(find().style.background).toBe("#00AA00");
  });
});

const carousel = (props: Record<string, unknown> = {}) => ({
  type: "carousel",
  name: "Features",
  pages: [stack({}, [text("p1")]), stack({}, [text("p2")]), stack({}, [text("p3")])],
  page_control: {
    position: "bottom",
    active: { width: 12, height: 8, color: hex("#FF0000") },
    default: { color: hex("#CCCCCC") },
  },
  ...props,
});
const PAGES = { p1: "Page one", p2: "Page two", p3: "Page three" };
const pageText = (root: HTMLElement) => root.querySelector("[aria-roledescription=slide]")?.textContent;
const arrows = (root: HTMLElement) => [
  ...root.querySelectorAll<HTMLButtonElement>(".pw-pwl-carousel > div > button"),
];

describe("carousel", () => {
  it("shows one page at a time; next shows page 2, previous page 1; the ends do not wrap without loop", async () => {
    const root = await show([carousel()], PAGES);
    const region = root.querySelector<HTMLElement>("[aria-roledescription=carousel]")!;
    expect([region.getAttribute("role"), region.getAttribute("aria-label")]).toEqual(["region", "Features"]);
    const [previous, next] = arrows(root);
    expect([previous!.getAttribute("aria-label"), next!.getAttribute("aria-label")]).toEqual([
      "Previous slide",
      "Next slide",
    ]);
    expect(pageText(root)).toBe("Page one");
    expect(root.querySelector("[aria-roledescription=slide]")!.getAttribute("aria-label")).toBe("1 / 3");
    expect(previous!.getAttribute("aria-disabled")).toBe("true");
    next!.click();
    await vi.waitFor(() => expect(pageText(root)).toBe("Page two"));
    next!.click();
    await vi.waitFor(() => expect(pageText(root)).toBe("Page three"));
    expect(next!.getAttribute("aria-disabled")).toBe("true");
    next!.click();
    await Promise.resolve();
    expect(pageText(root)).toBe("Page three");
    previous!.click();
    await vi.waitFor(() => expect(pageText(root)).toBe("Page two"));
  });

  it("wraps around with loop, starts at initial_page_index and marks the shown page in the indicator", async () => {
    const root = await show([carousel({ loop: true, initial_page_index: 2 })], PAGES);
    expect(pageText(root)).toBe("Page three");
    const dots = [...root.querySelectorAll<HTMLElement>(".pw-pwl-dots span")];
    expect(dots.map((d) => d.style.background)).toEqual(["#CCCCCC", "#CCCCCC", "#FF0000"]);
    expect(dots[2]!.style.width).toBe("12px");
    arrows(root)[1]!.click();
    await vi.waitFor(() => expect(pageText(root)).toBe("Page one"));
  });

  it("advances by itself, pauses while the pointer is over it, and announces pages only when not rotating", async () => {
    prefersReducedMotion(false);
    const root = await show([carousel({ auto_advance: { ms_time_per_page: 150 } })], PAGES);
    const live = root.querySelector<HTMLElement>("[aria-live]")!;
    expect(live.getAttribute("aria-live")).toBe("off");
    await vi.waitFor(() => expect(pageText(root)).not.toBe("Page one"));
    root.querySelector(".pw-pwl-carousel")!.dispatchEvent(new MouseEvent("mouseenter"));
    const paused = pageText(root);
    await vi.waitFor(() => expect(live.getAttribute("aria-live")).toBe("polite"));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(pageText(root)).toBe(paused);
  });

  it("stops advancing for good once the customer turns a page", async () => {
    prefersReducedMotion(false);
    const root = await show([carousel({ loop: true, auto_advance: { ms_time_per_page: 60 } })], PAGES);
    const before = pageText(root);
    arrows(root)[1]!.click();
    await vi.waitFor(() => expect(pageText(root)).not.toBe(before));
    const turned = pageText(root);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pageText(root)).toBe(turned);
  });

  it("never advances by itself when the system prefers reduced motion", async () => {
    prefersReducedMotion(true);
    const root = await show([carousel({ auto_advance: { ms_time_per_page: 20 } })], PAGES);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(pageText(root)).toBe("Page one");
  });
});

const countdown = (date: string, end = true) => ({
  type: "countdown",
  style: { type: "date", date },
  countdown_stack: stack({}, [text("left")]),
  ...(end ? { end_stack: stack({}, [text("over")]) } : {}),
});
const COUNT_TEXTS = {
  left: "{{ count_days_without_zero }}d {{ count_hours_with_zero }}:{{ count_minutes_with_zero }}:{{ count_seconds_with_zero }}",
  over: "Offer ended",
};
const at = (iso: string) => Date.parse(iso);

describe("countdown", () => {
  it("shows the days, hours, minutes and seconds left at the injected clock", async () => {
    const root = await show(
      [countdown("2026-12-03T05:04:03Z")],
      COUNT_TEXTS,
      {},
      {},
      {
        now: () => at("2026-12-01T00:00:00Z"),
      },
    );
    const timer = root.querySelector<HTMLElement>("[role=timer]")!;
    expect(timer.textContent).toBe("2d 05:04:03");
  });

  it("shows the end stack once the date has passed, or zeros without one", async () => {
    const now = () => at("2026-12-05T00:00:00Z");
    const root = await show(
      [countdown("2026-12-03T00:00:00Z"), countdown("2026-12-03T00:00:00Z", false)],
      COUNT_TEXTS,
      {},
      {},
      { now },
    );
    const texts = [...root.querySelectorAll(".pw-pwl-text")].map((e) => e.textContent);
    expect(texts).toEqual(["Title", "Offer ended", "0d 00:00:00"]);
    expect(root.querySelector("[role=timer]")).toBeNull();
  });

  it("ticks with the clock and turns to the end stack when the date passes", async () => {
    let clock = at("2026-12-02T23:59:59.500Z");
    const root = await show([countdown("2026-12-03T00:00:00Z")], COUNT_TEXTS, {}, {}, { now: () => clock });
    expect(root.textContent).toContain("0d 00:00:00");
    clock = at("2026-12-03T00:00:00.200Z");
    await vi.waitFor(() => expect(root.textContent).toContain("Offer ended"), { timeout: 2000 });
  });
});

describe("header, video, redemption button, web view and wallet buttons", () => {
  it("shows the header above the scrolling content", async () => {
    const root = await show(
      [text("body")],
      { head: "Realmheart", body: "Body" },
      {
        base: { header: { type: "header", stack: stack({}, [text("head")]) } },
      },
    );
    const header = root.querySelector<HTMLElement>(".pw-pwl-header")!;
    expect(header.textContent).toBe("Realmheart");
    expect(header.nextElementSibling).toBe(root.querySelector(".pw-pwl-main"));
    const css = [...document.querySelectorAll("style")].map((s) => s.textContent).join("");
    expect(css).toContain(".pw-pwl-header{position:sticky;top:0");
  });

  const video = {
    type: "video",
    source: { light: { url: "https://cdn.example/v.mp4" } },
    fallback_source: { light: { original: "https://cdn.example/poster.png" } },
    auto_play: true,
    loop: true,
  };

  it("plays a muted inline video by itself over its poster", async () => {
    prefersReducedMotion(false);
    const root = await show([video]);
    const element = root.querySelector("video")!;
    expect(element.getAttribute("src")).toBe("https://cdn.example/v.mp4");
    expect(element.getAttribute("poster")).toBe("https://cdn.example/poster.png");
    expect(element.muted).toBe(true);
    expect(element.hasAttribute("playsinline")).toBe(true);
    expect(element.autoplay).toBe(true);
    expect(element.controls).toBe(false);
  });

  it("does not play a video by itself when the system prefers reduced motion, and offers its controls", async () => {
    prefersReducedMotion(true);
    const root = await show([video]);
    const element = root.querySelector("video")!;
    expect(element.autoplay).toBe(false);
    expect(element.controls).toBe(true);
  });

  it("shows the fallback image for a video that is not https", async () => {
    const root = await show([{ ...video, source: { light: { url: "http://cdn.example/v.mp4" } } }]);
    expect(root.querySelector("video")).toBeNull();
    expect(root.querySelector("img")!.getAttribute("src")).toBe("https://cdn.example/poster.png");
  });

  it("shows a redemption button as an unavailable button", async () => {
    const root = await show([{ type: "redemption_button", stack: stack({}, [text("r")]) }], {
      r: "Open the app",
    });
    const button = [...root.querySelectorAll("button")].find((b) => b.textContent === "Open the app")!;
    expect(button.getAttribute("aria-disabled")).toBe("true");
    button.click();
    expect(document.querySelector(".pw-paywall")).not.toBeNull();
  });

  it("shows an https web view from another origin in a titled, sandboxed frame, and nothing else", async () => {
    server.use(http.get("https://realmheart.example/compare", () => HttpResponse.html("<p>Compare</p>")));
    const root = await show([
      {
        type: "web_view",
        name: "Plan comparison",
        url: "https://realmheart.example/compare",
        size: { width: { type: "fill" }, height: { type: "fixed", value: 240 } },
      },
      { type: "web_view", url: "http://realmheart.example/insecure" },
      { type: "web_view", url: `${window.location.origin}/same-origin` },
      { type: "web_view", url: "javascript:alert(1)" },
    ]);
    const frames = [...root.querySelectorAll("iframe")];
    expect(frames).toHaveLength(1);
    expect(frames[0]!.getAttribute("src")).toBe("https://realmheart.example/compare");
    expect(frames[0]!.title).toBe("Plan comparison");
    expect(frames[0]!.getAttribute("sandbox")).toBe("allow-scripts allow-same-origin");
    expect(frames[0]!.getAttribute("referrerpolicy")).toBe("no-referrer");
    expect(frames[0]!.parentElement!.style.height).toBe("240px");
  });

  it("shows a wallet button's wallet_unavailable_stack, and nothing without one", async () => {
    const root = await show(
      [
        {
          type: "wallet_button",
          wallet_unavailable_stack: stack({}, [text("w")]),
          wallet_available_stack: stack({}, [text("a")]),
        },
        { type: "express_purchase_button", wallet_available_stack: stack({}, [text("a")]) },
      ],
      { w: "Pay by card below", a: "Apple Pay" },
    );
    expect(root.textContent).toContain("Pay by card below");
    expect(root.textContent).not.toContain("Apple Pay");
  });
});

describe("inputs", () => {
  it("labels a text field by its placeholder and picks its keyboard", async () => {
    const root = await show(
      [
        {
          type: "input_text",
          field_id: "email",
          placeholder_lid: "ph",
          keyboard_type: "email",
          required: true,
        },
      ],
      { ph: "Your email" },
    );
    const input = root.querySelector("input")!;
    expect([input.type, input.placeholder, input.getAttribute("aria-label"), input.name]).toEqual([
      "email",
      "Your email",
      "Your email",
      "email",
    ]);
    expect(input.required).toBe(true);
  });

  const option = (id: string) => ({
    type: "input_option",
    option_id: id,
    stack: stack(
      {
        overrides: [{ conditions: [{ type: "selected" }], properties: { background_color: hex("#0000FF") } }],
      },
      [text(id)],
    ),
  });
  const choice = (type: string) => ({ type, field_id: "goal", stack: stack({}, [option("a"), option("b")]) });

  it("chooses one option of a single choice, as radios", async () => {
    const root = await show([choice("input_single_choice")], { a: "Romance", b: "Adventure" });
    expect(root.querySelector("[role=radiogroup]")).not.toBeNull();
    const radios = () => [...root.querySelectorAll<HTMLElement>("[role=radiogroup] [role=radio]")];
    radios()[0]!.click();
    await vi.waitFor(() => expect(radios()[0]!.getAttribute("aria-checked")).toBe("true"));
    expect(radios()[0]!.style.background).toBe("#0000FF");
    radios()[1]!.click();
    await vi.waitFor(() => expect(radios()[1]!.getAttribute("aria-checked")).toBe("true"));
    expect(radios()[0]!.getAttribute("aria-checked")).toBe("false");
  });

  it("chooses several options of a multiple choice, as checkboxes", async () => {
    const root = await show([choice("input_multiple_choice")], { a: "Romance", b: "Adventure" });
    const boxes = () => [...root.querySelectorAll<HTMLElement>("[role=group] [role=checkbox]")];
    boxes()[0]!.click();
    boxes()[1]!.click();
    await vi.waitFor(() =>
      expect(boxes().map((b) => b.getAttribute("aria-checked"))).toEqual(["true", "true"]),
    );
    boxes()[0]!.click();
    await vi.waitFor(() =>
      expect(boxes().map((b) => b.getAttribute("aria-checked"))).toEqual(["false", "true"]),
    );
  });
});

describe("loaders", () => {
  it("shows a loader's progress on the injected clock as a percentage, a progress bar and staged stacks", async () => {
    let clock = at("2026-12-01T00:00:00Z");
    const loader = {
      type: "loader",
      loading_duration_ms: 1000,
      action: { type: "workflow" },
      stack: stack({}, [
        { type: "loader_percentage" },
        { type: "linear_loader_animation", fill: { color: hex("#00FF00") } },
        {
          type: "loader_progress_components",
          components: [
            { type: "loader_progress_component", appears_at: 0, stack: stack({}, [text("s1")]) },
            { type: "loader_progress_component", appears_at: 50, stack: stack({}, [text("s2")]) },
          ],
        },
        {
          type: "loader_group",
          dimension: { type: "vertical" },
          components: [
            {
              type: "loader_group_item",
              starts_at: 50,
              ends_at: 100,
              stack: stack({}, [{ type: "circular_loader_animation" }]),
            },
          ],
        },
        { type: "skeleton_loader" },
      ]),
    };
    const root = await show(
      [loader],
      { s1: "Reading your answers", s2: "Choosing your companion" },
      {},
      {},
      {
        now: () => clock,
      },
    );
    const bars = () => [...root.querySelectorAll<HTMLElement>("[role=progressbar]")];
    expect(bars().map((b) => b.getAttribute("aria-valuenow"))).toEqual(["0", "0"]);
    expect(root.textContent).toContain("Reading your answers");
    expect(root.querySelector(".pw-pwl-skeleton")!.getAttribute("aria-hidden")).toBe("true");
    expect(root.querySelector("[aria-busy=true]")).not.toBeNull();
    clock += 600;
    await vi.waitFor(() => expect(bars().map((b) => b.getAttribute("aria-valuenow"))).toEqual(["60", "20"]));
    expect(root.textContent).toContain("60%");
    expect(root.textContent).toContain("Choosing your companion");
    expect(root.textContent).not.toContain("Reading your answers");
    clock += 1000;
    await vi.waitFor(() => expect(root.querySelector("[aria-busy=true]")).toBeNull());
    expect(bars().map((b) => b.getAttribute("aria-valuenow"))).toEqual(["100", "100"]);
  });
});

describe("validation of the extras' components", () => {
  it.each([
    [{ type: "carousel", pages: "p1" }, "base.stack.components[1].pages must be a list."],
    [
      { type: "countdown", style: { type: "date", date: "2026-12-01" } },
      "base.stack.components[1].countdown_stack is not a component.",
    ],
    [
      { type: "tabs", control: { type: "buttons" }, tabs: [] },
      "base.stack.components[1].control.stack is not a component.",
    ],
    [
      { type: "tabs", control: { type: "buttons", stack: stack({}) }, tabs: [stack({})] },
      "base.stack.components[1].tabs must hold tabs.",
    ],
    [
      { type: "carousel", pages: [{ type: "confetti" }] },
      'base.stack.components[1].pages[0] has the unknown component type "confetti" and no fallback component.',
    ],
  ])("refuses %j, naming the path", async (component, message) => {
    servePaywall(server, paywallOf([text("title"), component]));
    const { error } = await settle(configure(KEYS.testStore).presentPaywall());
    expect(error?.errorCode).toBe(ErrorCode.ConfigurationError);
    expect(error?.message).toBe(`Invalid paywall: ${message}`);
    expect(document.querySelector(".pw-root")).toBeNull();
  });
});

describe("loading the extras", () => {
  it("loads the extras' styles only for a paywall that uses one of their components", async () => {
    await show([text("a")], { a: "Plain" });
    const css = () => [...document.querySelectorAll("style")].map((s) => s.textContent).join("");
    expect(css()).toContain(".pw-pwl-footer");
    expect(css()).not.toContain(".pw-pwl-carousel");
  });

  it("draws the extras on the first render: the paywall never shows without them", async () => {
    const seen: boolean[] = [];
    const observer = new MutationObserver(() => {
      if (document.querySelector(".pw-pwl")) seen.push(document.querySelector(".pw-pwl-carousel") !== null);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await show([carousel()], PAGES);
    observer.disconnect();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every(Boolean)).toBe(true);
  });
});
