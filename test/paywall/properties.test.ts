// @vitest-environment happy-dom
// The common properties of paywall components (size, margin, padding, border, shape, shadow, backgrounds,
// selected overrides), colour modes with aliases, and locale fallback, rendered from small documents.
import { describe, expect, it } from "vitest";
import { useMswServer } from "../support/msw";
import { hex, text } from "./support/paywall-harness";
import { first, innerStack, stack, useShowPaywall } from "./support/show-paywall";

const server = useMswServer();
const { show, closeShown } = useShowPaywall(server);

describe("common properties", () => {
  it("size: fixed, fit and fill along and across the stack's axis", async () => {
    const size = (width: unknown, height: unknown) => ({ size: { width, height } });
    const root = await show([
      stack({ dimension: { type: "horizontal" } }, [
        text("a", size({ type: "fill" }, { type: "fill" })),
        text("a", size({ type: "fixed", value: 100 }, { type: "fit" })),
      ]),
      stack({ dimension: { type: "vertical" } }, [text("a", size({ type: "fill" }, { type: "fill" }))]),
    ]);
    const [fill, fixed] = [...innerStack(root, 0).children] as HTMLElement[];
    // happy-dom serialises flex-basis 0 as 0px.
    expect([fill!.style.flex, fill!.style.minWidth, fill!.style.alignSelf]).toEqual([
      "1 1 0px",
      "0",
      "stretch",
    ]);
    expect([fixed!.style.width, fixed!.style.flexShrink, fixed!.style.height]).toEqual([
      "100px",
      "0",
      "fit-content",
    ]);
    const vertical = innerStack(root, 1).children[0] as HTMLElement;
    expect([vertical.style.alignSelf, vertical.style.flex, vertical.style.minHeight]).toEqual([
      "stretch",
      "1 1 0px",
      "0",
    ]);
  });

  it("margin and padding, with leading and trailing following the text direction", async () => {
    const spacing = { top: 1, bottom: 2, leading: 3, trailing: 4 };
    const ltr = await show([stack({ margin: spacing, padding: spacing })]);
    const element = innerStack(ltr);
    expect([
      element.style.marginTop,
      element.style.marginBottom,
      element.style.marginLeft,
      element.style.marginRight,
    ]).toEqual(["1px", "2px", "3px", "4px"]);
    expect([element.style.paddingLeft, element.style.paddingRight]).toEqual(["3px", "4px"]);
    await closeShown();
    const rtl = await show(
      [stack({ margin: spacing })],
      {},
      { locales: { ar: { title: "عنوان" } } },
      { selectedLocale: "ar" },
    );
    expect(rtl.dir).toBe("rtl");
    expect([innerStack(rtl).style.marginRight, innerStack(rtl).style.marginLeft]).toEqual(["3px", "4px"]);
  });

  it("border, rectangle corners, pill shape and shadow", async () => {
    const root = await show([
      stack({
        border: { width: 2, color: hex("#767676") },
        shape: { type: "rectangle", corners: { top_leading: 12, bottom_trailing: 6 } },
        shadow: { x: 1, y: 2, radius: 8, color: hex("#00000033") },
      }),
      stack({ shape: { type: "pill" } }),
    ]);
    const boxed = innerStack(root, 0);
    expect(boxed.style.border).toBe("2px solid #767676");
    expect(boxed.style.borderRadius).toMatch(/^12px 0px 6px( 0px)?$/);
    expect(boxed.style.boxShadow).toBe("1px 2px 8px #00000033");
    expect(innerStack(root, 1).style.borderRadius).toBe("9999px");
  });

  it("background colour, gradients and image, and the paywall's own background", async () => {
    const gradient = (type: string) => ({
      light: {
        type,
        degrees: 45,
        points: [
          { color: "#FF0000", percent: 0 },
          { color: "#0000FF", percent: 100 },
        ],
      },
    });
    const root = await show(
      [
        stack({ background_color: gradient("linear") }),
        stack({ background_color: gradient("radial") }),
        stack({
          background: {
            type: "image",
            value: { light: { original: "https://cdn.example/bg.png" } },
            fit_mode: "fill",
            color_overlay: hex("#00000080"),
          },
        }),
        stack({ background_color: hex("not a colour") }),
      ],
      {},
      { base: { background: { type: "color", value: hex("#1E1330") } } },
    );
    expect(innerStack(root, 0).style.background).toBe("linear-gradient(45deg, #FF0000 0%, #0000FF 100%)");
    expect(innerStack(root, 1).style.background).toBe("radial-gradient(circle, #FF0000 0%, #0000FF 100%)");
    expect(innerStack(root, 2).style.background).toContain('url("https://cdn.example/bg.png")');
    expect(innerStack(root, 3).style.background).toBe("");
    expect(first(root, ".pw-pwl").style.background).toBe("#1E1330");
  });

  it("applies selected overrides only inside the selected package", async () => {
    const pkg = (id: string) => ({
      type: "package",
      package_id: id,
      stack: stack(
        {
          background_color: hex("#FFFFFF"),
          overrides: [
            { conditions: [{ type: "selected" }], properties: { background_color: hex("#8B2252") } },
            { conditions: [{ type: "hover" }], properties: { background_color: hex("#000000") } },
          ],
        },
        [
          text("a", {
            color: hex("#111111"),
            overrides: [{ conditions: [{ type: "selected" }], properties: { color: hex("#FFFFFF") } }],
          }),
        ],
      ),
    });
    const root = await show([pkg("$rc_monthly"), pkg("$rc_weekly")], { a: "{{ product_name }}" });
    const [selected, other] = [...root.querySelectorAll<HTMLElement>("[role=radio]")];
    expect(selected!.style.background).toBe("#8B2252");
    expect(selected!.querySelector<HTMLElement>(".pw-pwl-text")!.style.color).toBe("#FFFFFF");
    expect(other!.style.background).toBe("#FFFFFF");
    expect(other!.querySelector<HTMLElement>(".pw-pwl-text")!.style.color).toBe("#111111");
  });
});

describe("colour mode and aliases", () => {
  const coloured = [
    text("a", { color: { light: { type: "alias", value: "brand" } } }),
    text("b", { color: { light: { type: "alias", value: "only_light" } } }),
  ];
  const colors = (root: HTMLElement) =>
    [...root.querySelectorAll<HTMLElement>(".pw-pwl-text")].slice(1).map((e) => e.style.color);

  it("uses the preferred colour mode, and dark falls back to the light variant", async () => {
    const root = await show(coloured, {}, {}, { colorMode: "dark" });
    expect(root.classList.contains("pw-paywall-dark")).toBe(true);
    expect(colors(root)).toEqual(["#C9A227", "#123456"]);
  });

  it("follows the system's dark preference without a preferred mode, else light", async () => {
    const matchMedia = (matches: boolean) =>
      ((query: string) => ({ matches: matches && query === "(prefers-color-scheme: dark)" })) as never;
    window.matchMedia = matchMedia(true);
    const dark = await show(coloured);
    expect(colors(dark)).toEqual(["#C9A227", "#123456"]);
    await closeShown();
    window.matchMedia = matchMedia(false);
    const light = await show(coloured);
    expect(light.classList.contains("pw-paywall-light")).toBe(true);
    expect(colors(light)).toEqual(["#8B2252", "#123456"]);
  });

  it("drops an unknown alias rather than guessing", async () => {
    const root = await show([text("a", { color: { light: { type: "alias", value: "nope" } } })]);
    expect(colors(root)).toEqual([""]);
  });
});

describe("locales", () => {
  const texts = { greeting: "Hello", only_en: "English only" };
  const locales = { de: { title: "Titel", greeting: "Hallo" }, pt_BR: { title: "Título", greeting: "Olá" } };
  const shown = (root: HTMLElement) => [...root.querySelectorAll(".pw-pwl-text")].map((e) => e.textContent);

  it.each([
    ["de-DE", ["Titel", "Hallo", "English only", ""]],
    ["pt-BR", ["Título", "Olá", "English only", ""]],
    ["fr", ["Title", "Hello", "English only", ""]],
    [undefined, ["Title", "Hello", "English only", ""]],
  ])("selected locale %s, then the default locale, then ''", async (selectedLocale, expected) => {
    const root = await show(
      [text("greeting"), text("only_en"), text("missing")],
      texts,
      { locales },
      { selectedLocale },
    );
    expect(shown(root)).toEqual(expected);
  });

  it("uses the selected locale's language for variables' words", async () => {
    const root = await show(
      [text("d")],
      { d: "{{ sub_period }}" },
      { locales: { de: { d: "{{ sub_period }}" } } },
      { selectedLocale: "de" },
    );
    expect(shown(root)[1]).toBe("monatlich");
  });
});
