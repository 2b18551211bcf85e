/**
 * A value given to a paywall's custom variable (`{{ custom.name }}` in its texts): text, a number or a yes/no,
 * tagged with its kind as purchases-js tags it.
 *
 * @example
 * const customVariables: Record<string, CustomVariableValue> = { player_name: { type: "string", value: "Ada" } };
 */
export type CustomVariableValue =
  | { readonly type: "string"; readonly value: string }
  | { readonly type: "number"; readonly value: number }
  | { readonly type: "boolean"; readonly value: boolean };
