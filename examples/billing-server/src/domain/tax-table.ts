import { roundToMinorUnit } from "./money.js";

/** How a country taxes a digital subscription sold to a consumer, as far as this server knows. */
export interface CountryTax {
  /** Shown on the tax line of the checkout ("VAT"). */
  displayName: string;
  /** The rate as a fraction in micros: 150,000 is 15 %. 0 means the country is located but not taxed here. */
  rateMicros: number;
  /** The shape a postal code of the country has (compared after trimming and upper-casing). */
  postalCode: RegExp;
}

/**
 * The built-in tax table: standard national VAT rates on electronically supplied services, charged on top of
 * the price (tax exclusive). The United States is known (ZIP codes are checked) but not taxed: its sales
 * tax is set per state and locality, which a national table cannot express.
 */
export const TAX_TABLE: Readonly<Record<string, CountryTax>> = {
  ZA: { displayName: "VAT", rateMicros: 150_000, postalCode: /^\d{4}$/ },
  GB: { displayName: "VAT", rateMicros: 200_000, postalCode: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/ },
  DE: { displayName: "VAT", rateMicros: 190_000, postalCode: /^\d{5}$/ },
  FR: { displayName: "VAT", rateMicros: 200_000, postalCode: /^\d{5}$/ },
  NL: { displayName: "VAT", rateMicros: 210_000, postalCode: /^\d{4} ?[A-Z]{2}$/ },
  BE: { displayName: "VAT", rateMicros: 210_000, postalCode: /^\d{4}$/ },
  ES: { displayName: "VAT", rateMicros: 210_000, postalCode: /^\d{5}$/ },
  IT: { displayName: "VAT", rateMicros: 220_000, postalCode: /^\d{5}$/ },
  IE: { displayName: "VAT", rateMicros: 230_000, postalCode: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/ },
  US: { displayName: "Sales tax", rateMicros: 0, postalCode: /^\d{5}(-\d{4})?$/ },
};

/** Where the customer is, as the checkout reports it. */
export interface TaxLocation {
  countryCode?: string | null;
  postalCode?: string | null;
}

/** One tax line, in wire shape. */
export interface TaxLine {
  display_name: string;
  tax_amount_in_micros: number;
  tax_rate_in_micros: number;
  country: string;
}

/** The tax on an amount, or why it could not be located. */
export type TaxResult =
  | {
      ok: true;
      countryCode: string;
      postalCode: string | null;
      taxAmountMicros: number;
      totalMicros: number;
      lines: TaxLine[];
    }
  | { ok: false; reason: "invalid_tax_location" };

/**
 * The tax due on `amountMicros` for a location, from {@link TAX_TABLE}. VAT is national, so the country alone
 * locates it (Stripe's card form asks for a postal code only in a few countries); a postal code, when given,
 * must have the country's shape. An unknown country or a malformed postal code is `invalid_tax_location`.
 * The tax is rounded to an amount a card can be charged ({@link roundToMinorUnit}) so that the total is exactly
 * what is charged.
 *
 * @example
 * calculateTax({ countryCode: "ZA", postalCode: "8001" }, 99_000_000, "ZAR");
 * // → { ok: true, taxAmountMicros: 14_850_000, totalMicros: 113_850_000, lines: [{ display_name: "VAT", … }] }
 */
export function calculateTax(location: TaxLocation, amountMicros: number, currency: string): TaxResult {
  const countryCode = location.countryCode?.trim().toUpperCase() ?? "";
  const country = TAX_TABLE[countryCode];
  const postalCode = location.postalCode?.trim().toUpperCase() || null;
  if (!country || (postalCode !== null && !country.postalCode.test(postalCode))) {
    return { ok: false, reason: "invalid_tax_location" };
  }
  const taxAmountMicros = roundToMinorUnit((amountMicros * country.rateMicros) / 1_000_000, currency);
  const lines =
    country.rateMicros === 0
      ? []
      : [
          {
            display_name: country.displayName,
            tax_amount_in_micros: taxAmountMicros,
            tax_rate_in_micros: country.rateMicros,
            country: countryCode,
          },
        ];
  return {
    ok: true,
    countryCode,
    postalCode,
    taxAmountMicros,
    totalMicros: amountMicros + taxAmountMicros,
    lines,
  };
}
