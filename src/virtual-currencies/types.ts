// The public models of virtual currencies: coins, gems or credits that purchases grant and the host app spends.

/**
 * One virtual currency of the project and the customer's balance of it.
 *
 * @example
 * const gems: VirtualCurrency | undefined = (await purchases.getVirtualCurrencies()).all.GEMS;
 * label.textContent = `${gems?.balance ?? 0} ${gems?.name ?? "gems"}`;
 */
export interface VirtualCurrency {
  /** How much of it the customer holds: a whole number, 0 when none was ever granted. */
  readonly balance: number;
  /** Its display name, from the catalogue ("Gems"). */
  readonly name: string;
  /** Its code, from the catalogue ("GEMS"). */
  readonly code: string;
  /** Its description from the catalogue; null when it has none. */
  readonly serverDescription: string | null;
}

/**
 * The customer's virtual currencies: every currency of the project, keyed by its code.
 *
 * @example
 * const { all } = await purchases.getVirtualCurrencies();
 * for (const currency of Object.values(all)) console.log(currency.code, currency.balance);
 */
export interface VirtualCurrencies {
  /** A copy of its own per call: adding or deleting entries changes nothing the SDK keeps. */
  readonly all: { [code: string]: VirtualCurrency };
}
