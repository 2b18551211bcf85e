import { describe, expect, it } from "vitest";
import { currencyExponent } from "../../src/model/currency-exponent";

describe("currencyExponent", () => {
  it("gives 0 to a currency without minor units, 3 to one in thousandths and 2 to every other, in any case", () => {
    expect(["JPY", "krw", "XPF"].map(currencyExponent)).toEqual([0, 0, 0]);
    expect(["BHD", "JOD", "KWD", "omr", "TND"].map(currencyExponent)).toEqual([3, 3, 3, 3, 3]);
    expect(["ZAR", "USD", "eur", "ZA", "KWDX", ""].map(currencyExponent)).toEqual([2, 2, 2, 2, 2, 2]);
  });
});
