import { fromWire } from "../errors/from-wire";
import type { Backend } from "../http/backend";
import { getVirtualCurrencies } from "../http/checkout-calls";
import type { WireVirtualCurrenciesResponse, WireVirtualCurrency } from "../http/wire";
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
 * Normalises the balances response. The result is frozen: the SDK caches it until the cache is invalidated, and
 * callers get copies ({@link fetchVirtualCurrencies}). Throws a TypeError for an entry without a numeric balance, a
 * name or a code.
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

/**
 * Fetches and checks the customer's balances, for the SDK's cache: frozen once ({@link toVirtualCurrencies}), then
 * answered as a copy of `all` per call, which a caller may add to or delete from (purchases-js types it writable)
 * without changing the cache or another caller's copy. A malformed answer is an UnexpectedBackendResponseError.
 *
 * @example
 * const copies = await fetchVirtualCurrencies(backend, "ada");
 * delete copies().all.GEMS; // copies().all.GEMS is still there
 */
export async function fetchVirtualCurrencies(
  backend: Backend,
  appUserId: string,
): Promise<() => VirtualCurrencies> {
  const wire = await getVirtualCurrencies(backend, appUserId);
  const { all } = fromWire(() => toVirtualCurrencies(wire));
  return () => ({ all: { ...all } });
}
