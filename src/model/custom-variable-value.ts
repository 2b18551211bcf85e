/**
 * A value given to a paywall's custom variable (`{{ custom.name }}` in its texts): text, a number or a yes/no,
 * tagged with its kind as purchases-js tags it. Build one with the {@link CustomVariableValue} builders.
 *
 * @example
 * const customVariables: CustomVariables = { player_name: CustomVariableValue.string("Ada") };
 */
export type CustomVariableValue =
  | { readonly type: "string"; readonly value: string }
  | { readonly type: "number"; readonly value: number }
  | { readonly type: "boolean"; readonly value: boolean };

/**
 * A paywall's custom variables by name, as `presentPaywall({ customVariables })` takes them.
 *
 * @example
 * const customVariables: CustomVariables = { level: CustomVariableValue.number(42) };
 */
export type CustomVariables = Record<string, CustomVariableValue>;

/**
 * Builders of {@link CustomVariableValue}s, one per kind. They only tag the value: `presentPaywall` checks it.
 *
 * @example
 * await purchases.presentPaywall({
 *   htmlTarget,
 *   customVariables: {
 *     player_name: CustomVariableValue.string("Ada"),
 *     level: CustomVariableValue.number(42),
 *     is_premium: CustomVariableValue.boolean(false),
 *   },
 * });
 */
export const CustomVariableValue = {
  /** A text value: `CustomVariableValue.string("Ada")` is `{ type: "string", value: "Ada" }`. */
  string: (value: string): CustomVariableValue => ({ type: "string", value }),
  /** A number value: `CustomVariableValue.number(42)` is `{ type: "number", value: 42 }`. */
  number: (value: number): CustomVariableValue => ({ type: "number", value }),
  /** A yes/no value: `CustomVariableValue.boolean(true)` is `{ type: "boolean", value: true }`. */
  boolean: (value: boolean): CustomVariableValue => ({ type: "boolean", value }),
} as const;
