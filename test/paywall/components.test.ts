// @vitest-environment happy-dom
// Every component type of the paywall renderer (stack, text, image, timeline, button, purchase button, package,
// footer, fallbacks), rendered from small documents.
import { describe, expect, it } from "vitest";
import { ErrorCode } from "../../src/index";
import { useMswServer } from "../support/msw";
import { KEYS, configure, settle } from "../ui/support/harness";
import { hex, paywallOf, servePaywall, text } from "./support/paywall-harness";
import { first, innerStack, stack, useShowPaywall } from "./support/show-paywall";

const server = useMswServer();
const { show } = useShowPaywall(server);

describe("stack", () => {
  it.each([
    [
      { type: "vertical", alignment: "leading", distribution: "space_between" },
      { display: "flex", flexDirection: "column", alignItems: "flex-start", justifyContent: "space-between" },
    ],
    [
      { type: "horizontal", alignment: "bottom", distribution: "space_evenly" },
      { display: "flex", flexDirection: "row", alignItems: "flex-end", justifyContent: "space-evenly" },
    ],
    [
      { type: "vertical", alignment: "trailing", distribution: "center" },
      { flexDirection: "column", alignItems: "flex-end", justifyContent: "center" },
    ],
    [
      { type: "zlayer", alignment: "bottom_trailing" },
      { display: "grid", alignItems: "flex-end", justifyItems: "flex-end" },
    ],
    [
      { type: "zlayer", alignment: "top" },
      { display: "grid", alignItems: "flex-start", justifyItems: "center" },
    ],
  ])("lays out dimension %j", async (dimension, expected) => {
    const root = await show([stack({ dimension, spacing: 12 }, [text("a"), text("b")])], { a: "A", b: "B" });
    const element = innerStack(root);
    for (const [property, value] of Object.entries(expected)) {
      expect(element.style[property as "display"], property).toBe(value);
    }
    if (dimension.type !== "zlayer") expect(element.style.gap).toBe("12px");
    expect(element.textContent).toBe("AB");
  });

  it("shows an overlay badge at its alignment and an edge_to_edge badge across the edge", async () => {
    const badge = (style: string, alignment: string) => ({
      style,
      alignment,
      text_lid: "badge",
      padding: { top: 2, bottom: 2, leading: 8, trailing: 8 },
      shape: { type: "pill" },
      background_color: hex("#C9A227"),
      color: hex("#1E1330"),
    });
    const root = await show(
      [stack({ badge: badge("overlay", "top_trailing") }), stack({ badge: badge("edge_to_edge", "bottom") })],
      { a: "A", badge: "Best **value**" },
    );
    const [overlay, edge] = [...root.querySelectorAll<HTMLElement>(".pw-pwl-badge")];
    expect(innerStack(root).style.position).toBe("relative");
    expect(overlay!.classList.contains("pw-pwl-badge-overlay")).toBe(true);
    expect(overlay!.style.top).toBe("0px");
    expect(overlay!.style.right).toBe("12px");
    expect(overlay!.style.borderRadius).toBe("9999px");
    expect(overlay!.style.paddingLeft).toBe("8px");
    expect(overlay!.style.background).toBe("#C9A227");
    expect(overlay!.style.color).toBe("#1E1330");
    expect(overlay!.querySelector("strong")?.textContent).toBe("value");
    expect(edge!.classList.contains("pw-pwl-badge-edge")).toBe(true);
    expect([edge!.style.left, edge!.style.right, edge!.style.bottom]).toEqual(["0px", "0px", "0px"]);
  });
});

describe("text", () => {
  it("applies font size (named and numeric), weight, family, alignment and colour", async () => {
    const root = await show(
      [
        text("a", {
          font_size: "heading_xxl",
          font_weight: "bold",
          font_name: "Cinzel",
          horizontal_alignment: "center",
          color: hex("#112233"),
        }),
        text("b", { font_size: 15, font_weight: 300, horizontal_alignment: "trailing" }),
        text("c", { font_size: 500, font_weight: 5000, horizontal_alignment: "leading" }),
      ],
      { a: "A", b: "B", c: "C" },
    );
    const [, a, b, c] = [...root.querySelectorAll<HTMLElement>(".pw-pwl-text")];
    expect([a!.style.fontSize, a!.style.fontWeight, a!.style.textAlign, a!.style.color]).toEqual([
      "32px",
      "700",
      "center",
      "#112233",
    ]);
    expect(a!.style.fontFamily).toMatch(/^"?Cinzel"?, system-ui, sans-serif$/);
    expect([b!.style.fontSize, b!.style.fontWeight, b!.style.textAlign]).toEqual(["15px", "300", "end"]);
    // Out-of-range values are clamped.
    expect([c!.style.fontSize, c!.style.fontWeight, c!.style.textAlign]).toEqual(["96px", "900", "start"]);
  });

  it("renders bold, italic, strikethrough, code, links and line breaks as elements", async () => {
    const root = await show([text("a")], {
      a: "**bold** __also__ *italic* _it_ ~~gone~~ `x < y`\n[terms](https://realmheart.example/terms) snake_case_name",
    });
    const element = first(root, ".pw-pwl-text:nth-child(2)");
    expect([...element.querySelectorAll("strong")].map((e) => e.textContent)).toEqual(["bold", "also"]);
    expect([...element.querySelectorAll("em")].map((e) => e.textContent)).toEqual(["italic", "it"]);
    expect(element.querySelector("s")?.textContent).toBe("gone");
    expect(element.querySelector("code")?.textContent).toBe("x < y");
    expect(element.querySelectorAll("br")).toHaveLength(1);
    const link = element.querySelector("a")!;
    expect([link.textContent, link.getAttribute("href"), link.target, link.rel]).toEqual([
      "terms",
      "https://realmheart.example/terms",
      "_blank",
      "noopener noreferrer",
    ]);
    expect(element.textContent).toContain("snake_case_name");
  });

  it("shows HTML in texts and in variable values as text, never as markup", async () => {
    const root = await show([text("a"), text("b")], {
      a: "<img src=x onerror=alert(1)> and <script>alert(2)</script> [x](javascript:alert(3))",
      b: "{{ product_name }} **{{ price }}**",
    });
    const element = first(root, ".pw-pwl-text:nth-child(2)");
    expect(element.textContent).toBe("<img src=x onerror=alert(1)> and <script>alert(2)</script> x)");
    expect(root.querySelector("img, script, a")).toBeNull();
  });

  it("shows N/A for an unknown variable", async () => {
    const root = await show([text("a")], { a: "{{ product_name }} costs {{ product.price_per_fortnight }}" });
    expect(first(root, ".pw-pwl-text:nth-child(2)").textContent).toBe("Premium Realm costs N/A");
  });
});

describe("image", () => {
  const image = {
    type: "image",
    source: {
      light: { original: "https://cdn.example/light.png", webp: "https://cdn.example/light.webp" },
      dark: { original: "https://cdn.example/dark.png" },
    },
    fit_mode: "fit",
    size: { width: { type: "fixed", value: 120 }, height: { type: "fixed", value: 80 } },
    mask_shape: {
      type: "rectangle",
      corners: { top_leading: 4, top_trailing: 8, bottom_leading: 12, bottom_trailing: 16 },
    },
    color_overlay: {
      light: {
        type: "linear",
        degrees: 180,
        points: [
          { color: "#00000000", percent: 0 },
          { color: "#000000CC", percent: 100 },
        ],
      },
    },
  };

  it("shows the light source (webp first), masked, with the colour overlay", async () => {
    const root = await show([image], {}, {}, { colorMode: "light" });
    const box = first(root, ".pw-pwl-image");
    const img = box.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("https://cdn.example/light.webp");
    expect(img.getAttribute("alt")).toBe("");
    expect(img.style.objectFit).toBe("contain");
    expect([box.style.width, box.style.height]).toEqual(["120px", "80px"]);
    expect(box.style.borderRadius).toBe("4px 8px 16px 12px");
    const overlay = box.querySelector<HTMLElement>(".pw-pwl-overlay")!;
    expect(overlay.style.background).toContain("linear-gradient(180deg");
  });

  it("uses the dark source and overlay in dark mode, falling back to the light overlay; circle masks", async () => {
    const root = await show([{ ...image, mask_shape: { type: "circle" } }], {}, {}, { colorMode: "dark" });
    const box = first(root, ".pw-pwl-image");
    expect(box.querySelector("img")!.getAttribute("src")).toBe("https://cdn.example/dark.png");
    expect(box.style.borderRadius).toBe("50%");
    expect(box.querySelector<HTMLElement>(".pw-pwl-overlay")!.style.background).toContain(
      "linear-gradient(180deg",
    );
  });

  it("shows no image for a source that is not http(s)", async () => {
    const root = await show([{ ...image, source: { light: { original: "javascript:alert(1)" } } }]);
    expect(root.querySelector("img")).toBeNull();
  });
});

describe("timeline", () => {
  it("lists items with icon, title, description and a connector between them", async () => {
    const item = (title: string, description: string | null, icon: string) => ({
      title: text(title),
      description: description ? text(description) : null,
      icon: { name: icon, color: hex("#FFFFFF"), background_color: hex("#8B2252") },
      connector: { width: 3, color: hex("#767676") },
    });
    const root = await show(
      [
        {
          type: "timeline",
          item_spacing: 20,
          text_spacing: 6,
          column_gutter: 10,
          items: [item("t1", "d1", "check"), item("t2", null, "unknown")],
        },
      ],
      { t1: "Today", d1: "Full access", t2: "Day 7" },
    );
    const items = [...root.querySelectorAll<HTMLElement>(".pw-pwl-timeline > li")];
    expect(items).toHaveLength(2);
    expect(first(root, ".pw-pwl-timeline").style.gap).toBe("20px");
    // An SVG outline, not a symbol character (which shows as a box without an emoji font).
    expect(items[0]!.querySelector(".pw-pwl-icon svg")!.getAttribute("data-icon")).toBe("check");
    expect(items[0]!.querySelector(".pw-pwl-icon")!.textContent).toBe("");
    expect(items[0]!.querySelector<HTMLElement>(".pw-pwl-icon")!.style.background).toBe("#8B2252");
    expect(items[0]!.querySelector(".pw-pwl-icon")!.getAttribute("aria-hidden")).toBe("true");
    expect(items[0]!.querySelector<HTMLElement>(".pw-pwl-connector")!.style.width).toBe("3px");
    expect(items[0]!.querySelector<HTMLElement>(".pw-pwl-texts")!.style.gap).toBe("6px");
    expect(items[0]!.textContent).toContain("TodayFull access");
    expect(items[1]!.querySelector(".pw-pwl-connector")).toBeNull(); // none after the last item
    expect(items[1]!.querySelector(".pw-pwl-icon svg path")!.getAttribute("d")).toMatch(/^M12 8a4 4/); // a dot
    expect(items[1]!.querySelector(".pw-pwl-icon")!.textContent).toBe("");
  });
});

describe("buttons, packages and footers", () => {
  it("renders buttons and purchase buttons as buttons holding their stack", async () => {
    const root = await show(
      [
        { type: "button", action: { type: "restore_purchases" }, stack: stack({}, [text("r")]) },
        { type: "purchase_button", stack: stack({ background_color: hex("#8B2252") }, [text("p")]) },
      ],
      { r: "Restore", p: "Buy {{ product_name }}" },
      {},
      { onRestorePurchases: () => {} },
    );
    const [restore, purchase] = [...root.querySelectorAll<HTMLButtonElement>("button")];
    expect([restore!.type, restore!.textContent]).toEqual(["button", "Restore"]);
    expect(purchase!.textContent).toBe("Buy Premium Realm");
    expect(purchase!.style.background).toBe("#8B2252");
  });

  it("hides a package component whose package the offering lacks", async () => {
    const pkg = (id: string) => ({ type: "package", package_id: id, stack: stack({}, [text("a")]) });
    const root = await show([pkg("$rc_monthly"), pkg("$rc_six_month")], { a: "{{ product_name }}" });
    expect(root.querySelectorAll("[role=radio]")).toHaveLength(1);
  });

  it("shows the sticky footer after the content, and footer components sticky in place", async () => {
    const root = await show(
      [{ type: "footer", stack: stack({}, [text("f")]) }],
      { f: "Inline footer", s: "Sticky footer" },
      { base: { sticky_footer: { type: "footer", stack: stack({}, [text("s")]) } } },
    );
    const footers = [...root.querySelectorAll<HTMLElement>(".pw-pwl-footer")];
    expect(footers.map((f) => f.textContent)).toEqual(["Inline footer", "Sticky footer"]);
    expect(footers[1]!.parentElement).toBe(root.querySelector(".pw-pwl"));
    expect(root.querySelector(".pw-pwl")!.lastElementChild).toBe(footers[1]);
    const css = [...document.querySelectorAll("style")].map((s) => s.textContent).join("");
    expect(css).toContain(".pw-pwl-footer{position:sticky;bottom:0");
  });
});

describe("fallbacks", () => {
  it("uses the fallback of an unknown component type, also nested", async () => {
    const root = await show([{ type: "confetti", fallback: { type: "fireworks", fallback: text("f") } }], {
      f: "Fallback text",
    });
    expect(root.textContent).toContain("Fallback text");
  });

  it("names the path of an invalid component", async () => {
    servePaywall(server, paywallOf([{ type: "package", stack: stack({}) }]));
    const { error } = await settle(configure(KEYS.testStore).presentPaywall());
    expect(error?.errorCode).toBe(ErrorCode.ConfigurationError);
    expect(error?.message).toBe("Invalid paywall: base.stack.components[0].package_id must be a string.");
  });
});

describe("paywall icons and layout (issue #22)", () => {
  it("no emoji or symbol characters stand for icons in the paywall's source", async () => {
    const { readFileSync, readdirSync } = await import("node:fs");
    const { join } = await import("node:path");
    const dir = join(process.cwd(), "src", "paywall");
    const emoji = /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}\u{2B00}-\u{2BFF}]/u;
    for (const file of readdirSync(dir)) {
      expect(emoji.test(readFileSync(join(dir, file), "utf8")), file).toBe(false);
    }
  });

  it("the paywall is a centred column of at most 600px on wide screens", async () => {
    const { PAYWALL_CSS } = await import("../../src/paywall/paywall-css");
    expect(PAYWALL_CSS).toMatch(/\.pw-pwl\{[^}]*max-width:600px;margin-inline:auto\}/);
  });
});
