import { describe, expect, it } from "vitest";
import wire from "../../fixtures/protocol/virtual-currencies.json";
import type { WireVirtualCurrenciesResponse } from "../../src/http/wire";
import { toVirtualCurrencies } from "../../src/virtual-currencies/to-virtual-currencies";

const fixture = () => structuredClone(wire) as WireVirtualCurrenciesResponse;

describe("toVirtualCurrencies", () => {
  it("keys every currency by its code with balance, name, code and the description as serverDescription", () => {
    expect(toVirtualCurrencies(fixture())).toEqual({
      all: {
        GEMS: { balance: 150, name: "Gems", code: "GEMS", serverDescription: "Spent on power-ups." },
        COINS: { balance: 0, name: "Coins", code: "COINS", serverDescription: null },
      },
    });
  });

  it("reads a description the hosted service leaves out as null", () => {
    const response = { virtual_currencies: { XP: { balance: 3, code: "XP", name: "Experience" } } };
    expect(toVirtualCurrencies(response).all.XP?.serverDescription).toBeNull();
  });

  it("answers an empty map for a project without virtual currencies", () => {
    expect(toVirtualCurrencies({ virtual_currencies: {} })).toEqual({ all: {} });
  });

  it("freezes the result, which the SDK caches (callers get copies) until its cache is invalidated", () => {
    const result = toVirtualCurrencies(fixture());
    expect(Object.isFrozen(result)).toBe(true);
    expect(Object.isFrozen(result.all)).toBe(true);
    expect(Object.isFrozen(result.all.GEMS)).toBe(true);
  });

  it("keeps a currency coded __proto__ as an own key without touching any prototype", () => {
    const response = JSON.parse(
      '{"virtual_currencies":{"__proto__":{"balance":1,"code":"__proto__","name":"Odd"}}}',
    ) as WireVirtualCurrenciesResponse;
    const { all } = toVirtualCurrencies(response);
    expect(Object.keys(all)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(all)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).balance).toBeUndefined();
  });

  it.each([
    ["a balance that is a string", { balance: "5", code: "GEMS", name: "Gems" }],
    ["a balance that is not finite", { balance: null, code: "GEMS", name: "Gems" }],
    ["no name", { balance: 5, code: "GEMS" }],
    ["no code", { balance: 5, name: "Gems" }],
    ["no entry at all", null],
  ])("refuses an entry with %s", (_case, entry) => {
    const response = { virtual_currencies: { GEMS: entry } } as unknown as WireVirtualCurrenciesResponse;
    expect(() => toVirtualCurrencies(response)).toThrow(/Virtual currency GEMS has no numeric balance/);
  });
});
