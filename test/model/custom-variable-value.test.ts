import { describe, expect, it } from "vitest";
import { CustomVariableValue, type CustomVariables } from "../../src/index";

describe("CustomVariableValue", () => {
  it("tags each kind of value with its type, as purchases-js does", () => {
    const variables: CustomVariables = {
      player_name: CustomVariableValue.string("Ada"),
      level: CustomVariableValue.number(42),
      is_premium: CustomVariableValue.boolean(false),
    };
    expect(variables).toEqual({
      player_name: { type: "string", value: "Ada" },
      level: { type: "number", value: 42 },
      is_premium: { type: "boolean", value: false },
    });
  });

  it("keeps an empty text and a zero as given", () => {
    expect(CustomVariableValue.string("")).toEqual({ type: "string", value: "" });
    expect(CustomVariableValue.number(0)).toEqual({ type: "number", value: 0 });
  });
});
