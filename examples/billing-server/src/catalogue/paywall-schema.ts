import { z } from "zod";

// The paywall parts of the catalogue, in wire shape: an offering's `paywall_components` and a project's
// `ui_config`. The SDK's renderer reads them (purchases-web src/paywall/paywall-document.ts); the catalogue checks
// what a mistake would break silently: the document's frame, colours, texts that exist in the default locale, and
// package components that name a package of their offering.

const hex = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, "colours are #RRGGBB(AA)");
const point = z.object({ color: hex, percent: z.number().min(0).max(100) });
const colorInfo = z.discriminatedUnion("type", [
  z.object({ type: z.literal("hex"), value: hex }),
  z.object({ type: z.literal("alias"), value: z.string().min(1) }),
  z.object({ type: z.literal("linear"), degrees: z.number(), points: z.array(point).min(2) }),
  z.object({ type: z.literal("radial"), points: z.array(point).min(2) }),
]);
export const colorScheme = z.object({ light: colorInfo, dark: colorInfo.nullable().optional() });

const component: z.ZodType<{ type: string }> = z.looseObject({ type: z.string().min(1) });

export const paywallComponentsSchema = z
  .looseObject({
    default_locale: z
      .string()
      .min(1)
      .describe("The locale whose texts are shown when the customer's is missing (en_US)."),
    components_config: z
      .looseObject({
        base: z.looseObject({
          stack: z.looseObject({ type: z.literal("stack"), components: z.array(component) }),
          background: z
            .looseObject({ type: z.enum(["color", "image"]) })
            .nullable()
            .optional(),
          sticky_footer: z
            .looseObject({ type: z.literal("footer"), stack: component })
            .nullable()
            .optional(),
        }),
      })
      .describe(
        "The paywall's tree: base.stack (its components), base.background and base.sticky_footer, as the SDK's renderer reads them.",
      ),
    components_localizations: z
      .record(z.string(), z.record(z.string(), z.string()))
      .describe("The texts by locale, then by the text_lid / url_lid the components name."),
  })
  .superRefine((paywall, ctx) => {
    const texts = paywall.components_localizations[paywall.default_locale];
    if (!texts) {
      ctx.addIssue({ code: "custom", message: `no texts for the default locale ${paywall.default_locale}` });
      return;
    }
    for (const lid of localizationIds(paywall.components_config)) {
      if (!(lid in texts))
        ctx.addIssue({ code: "custom", message: `the text ${lid} is missing in ${paywall.default_locale}` });
    }
  });

// A font a text names in `font_name`: its web family and, optionally, the file to load it from.
const font = z.looseObject({
  web: z
    .looseObject({
      family: z.string().min(1),
      url: z.url().optional(),
      style: z.enum(["normal", "italic"]).optional(),
      weight: z.number().int().min(100).max(900).optional(),
    })
    .optional(),
});
// A custom variable (`{{ custom.name }}`) and its value when the app passes none.
const customVariable = z.looseObject({
  type: z.enum(["string", "number", "boolean"]).optional(),
  default_value: z.union([z.string(), z.number(), z.boolean()]),
});

// purchases-js reads `app.fonts` without a check, so it is always sent (empty when the paywalls name no font).
export const uiConfigSchema = z.looseObject({
  app: z.looseObject({
    colors: z
      .record(z.string(), colorScheme)
      .default({})
      .describe("Colour aliases the paywalls name: { light, dark } colour infos by alias."),
    fonts: z.record(z.string(), font).default({}).describe("Fonts the paywalls name in font_name, by name."),
  }),
  custom_variables: z
    .record(z.string(), customVariable)
    .default({})
    .describe(
      "Variables paywall texts use as {{ custom.name }}, with the value used when the app passes none.",
    ),
});

/** Every value of `key` anywhere inside `value`. */
function valuesOf(value: unknown, key: string, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) valuesOf(item, key, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === key && typeof v === "string") out.push(v);
      else valuesOf(v, key, out);
    }
  }
  return out;
}

/** The `text_lid`s and `url_lid`s a paywall's components use. */
export const localizationIds = (config: unknown) => [
  ...valuesOf(config, "text_lid"),
  ...valuesOf(config, "url_lid"),
];

/** The `package_id`s a paywall's components name. */
export const paywallPackageIds = (config: unknown) => valuesOf(config, "package_id");
