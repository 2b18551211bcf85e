/**
 * How much cheaper a package is than the most expensive one, as a whole percentage of the most expensive
 * monthly price (rounded to the nearest percent).
 *
 * @returns the percentage, or null when the package is not cheaper (a saving that rounds to 0% included) or a
 *   price is negative or not a finite number.
 * @example
 * relativeDiscount(79_000_000, 99_000_000); // 20
 */
export function relativeDiscount(
  pricePerMonthMicros: number,
  mostExpensivePerMonthMicros: number,
): number | null {
  if (
    !(pricePerMonthMicros >= 0 && pricePerMonthMicros < mostExpensivePerMonthMicros) ||
    !Number.isFinite(mostExpensivePerMonthMicros)
  ) {
    return null;
  }
  const percent = Math.round((1 - pricePerMonthMicros / mostExpensivePerMonthMicros) * 100);
  return percent > 0 ? percent : null;
}
