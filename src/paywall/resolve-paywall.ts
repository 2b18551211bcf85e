import { ErrorCode } from "../errors/error-code";
import { PurchasesError } from "../errors/purchases-error";
import { EXTRA_FIELDS, fieldName } from "./component-children";
import type {
  WireComponent,
  WirePaywallDocument,
  WireStack,
  WireText,
  WireTimelineItem,
} from "./paywall-document";

const KNOWN = [
  "stack",
  "text",
  "image",
  "button",
  "purchase_button",
  "package",
  "footer",
  "timeline",
  "icon",
  ...Object.keys(EXTRA_FIELDS),
];
const ACTIONS = [
  "navigate_back",
  "restore_purchases",
  "purchase",
  "select_package",
  "navigate_to",
  "workflow",
  "close_workflow",
  "complete_workflow",
];

const invalid = (message: string) =>
  new PurchasesError(ErrorCode.ConfigurationError, `Invalid paywall: ${message}`);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function resolveStack(value: unknown, path: string): WireStack {
  const stack = resolveComponent(value, path);
  if (stack.type !== "stack") throw invalid(`${path} must be a stack.`);
  return stack;
}

function resolveText(value: unknown, path: string): WireText {
  const text = resolveComponent(value, path);
  if (text.type !== "text") throw invalid(`${path} must be a text.`);
  return text;
}

/**
 * Checks a component tree the renderer is about to show and replaces each component of an unknown type by its
 * `fallback` (docs/checkout.md).
 *
 * @throws PurchasesError (ConfigurationError) naming the path of an unknown type without a fallback or of a
 *   component that lacks what its type needs.
 * @example
 * resolveComponent({ type: "confetti", fallback: { type: "text", text_lid: "t" } }, "base"); // the text
 */
export function resolveComponent(value: unknown, path: string): WireComponent {
  if (!isObject(value)) throw invalid(`${path} is not a component.`);
  const type = value.type;
  if (typeof type !== "string" || !KNOWN.includes(type)) {
    if (value.fallback != null) return resolveComponent(value.fallback, `${path}.fallback`);
    throw invalid(`${path} has the unknown component type "${String(type)}" and no fallback component.`);
  }
  const component = value as unknown as WireComponent;
  switch (component.type) {
    case "stack":
      if (!Array.isArray(component.components)) throw invalid(`${path}.components must be a list.`);
      return {
        ...component,
        components: component.components.map((c, i) => resolveComponent(c, `${path}.components[${i}]`)),
        badge:
          component.badge?.stack != null
            ? { ...component.badge, stack: resolveStack(component.badge.stack, `${path}.badge.stack`) }
            : component.badge,
      };
    case "text":
      if (typeof component.text_lid !== "string") throw invalid(`${path}.text_lid must be a string.`);
      return component;
    case "image":
      if (!isObject(component.source) || !isObject(component.source.light))
        throw invalid(`${path}.source needs a light image.`);
      return component;
    case "icon":
      return component;
    case "timeline":
      if (!Array.isArray(component.items)) throw invalid(`${path}.items must be a list.`);
      return {
        ...component,
        items: component.items.map((item: WireTimelineItem, i) => {
          const at = `${path}.items[${i}]`;
          if (!isObject(item) || !isObject(item.icon)) throw invalid(`${at} needs an icon.`);
          const icon = item.icon.type === undefined ? item.icon : resolveComponent(item.icon, `${at}.icon`);
          if (icon.type !== undefined && icon.type !== "icon") throw invalid(`${at}.icon must be an icon.`);
          return {
            ...item,
            icon,
            title: resolveText(item.title, `${at}.title`),
            description: item.description == null ? null : resolveText(item.description, `${at}.description`),
          };
        }),
      };
    case "button":
      if (!isObject(component.action) || !ACTIONS.includes(component.action.type as string))
        throw invalid(`${path}.action is not a known action.`);
      return { ...component, stack: resolveStack(component.stack, `${path}.stack`) };
    case "package":
      if (typeof component.package_id !== "string") throw invalid(`${path}.package_id must be a string.`);
      return { ...component, stack: resolveStack(component.stack, `${path}.stack`) };
    case "purchase_button":
    case "footer":
      return { ...component, stack: resolveStack(component.stack, `${path}.stack`) };
    default:
      return resolveChildren(component, path);
  }
}

/** Resolves the children of a paywall-extras component, and checks that tabs hold tabs and a control. */
function resolveChildren(component: WireComponent, path: string): WireComponent {
  const out: Record<string, unknown> = { ...component };
  for (const field of EXTRA_FIELDS[component.type]!) {
    const name = fieldName(field);
    const value = out[name];
    const at = `${path}.${name}`;
    if (field.endsWith("]")) {
      if (!Array.isArray(value)) throw invalid(`${at} must be a list.`);
      out[name] = value.map((c, i) => resolveComponent(c, `${at}[${i}]`));
    } else if (value != null || !field.endsWith("?")) out[name] = resolveStack(value, at);
  }
  if (component.type === "tabs") {
    out.control = {
      ...component.control,
      stack: resolveStack(component.control?.stack, `${path}.control.stack`),
    };
    if ((out.tabs as WireComponent[]).some((tab) => tab.type !== "tab"))
      throw invalid(`${path}.tabs must hold tabs.`);
  }
  return out as unknown as WireComponent;
}

/**
 * Checks an offering's paywall document and resolves its component trees.
 *
 * @throws PurchasesError (ConfigurationError) when the document lacks its base stack or texts, or a component
 *   is invalid.
 * @example
 * const paywall = resolvePaywall(offering.paywallComponents);
 */
export function resolvePaywall(value: unknown): WirePaywallDocument {
  if (!isObject(value) || !isObject(value.components_config) || !isObject(value.components_config.base))
    throw invalid("paywall_components needs components_config.base.");
  if (typeof value.default_locale !== "string") throw invalid("default_locale must be a string.");
  if (!isObject(value.components_localizations))
    throw invalid("components_localizations must map locales to texts.");
  const base = value.components_config.base;
  const footer = base.sticky_footer == null ? null : resolveComponent(base.sticky_footer, "sticky_footer");
  if (footer && footer.type !== "footer") throw invalid("sticky_footer must be a footer.");
  return {
    ...(value as unknown as WirePaywallDocument),
    components_config: {
      base: {
        ...(base as WirePaywallDocument["components_config"]["base"]),
        stack: resolveStack(base.stack, "base.stack"),
        header: base.header == null ? null : resolveComponent(base.header, "header"),
        sticky_footer: footer,
      },
    },
  };
}
