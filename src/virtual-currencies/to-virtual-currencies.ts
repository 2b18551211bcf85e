import type { WireVirtualCurrenciesResponse, WireVirtualCurrency } from "../http/wire";

export { getVirtualCurrencies } from "../http/checkout-calls";
import type { VirtualCurrencies, VirtualCurrency } from "./types";

function toVirtualCurrency(code: string, wire: WireVirtualCurrency): VirtualCurrency {
  if (!Number.isFinite(wire?.balance) || typeof wire.name !== "string" || typeof wire.code !== "string") {
    throw new TypeError(`Virtual currency ${code} has no numeric balance, name or code.`);
  }
  return Object.freeze({
    balance: wire.balance,
    name: wire.name,
    code: wire.code,
    serverDescription: typeof wire.description === "string" ? wire.description : null,
  });
}

/**
 * Normalises the balances response. The result is frozen because the SDK hands the same object to every caller
 * until its cache is invalidated. Throws a TypeError for an entry without a numeric balance, a name or a code.
 *
 * @example
 * const gems = { balance: 5, code: "GEMS", name: "Gems", description: null };
 * toVirtualCurrencies({ virtual_currencies: { GEMS: gems } });
 * // { all: { GEMS: { balance: 5, name: "Gems", code: "GEMS", serverDescription: null } } }
 */
export function toVirtualCurrencies(wire: WireVirtualCurrenciesResponse): VirtualCurrencies {
  // fromEntries defines own properties, so a "__proto__" code is a key like any other.
  const all = Object.fromEntries(
    Object.entries(wire.virtual_currencies).map(([code, currency]) => [
      code,
      toVirtualCurrency(code, currency),
    ]),
  );
  return Object.freeze({ all: Object.freeze(all) });
}
