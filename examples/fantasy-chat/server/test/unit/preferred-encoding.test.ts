import { describe, expect, it } from "vitest";
import { preferredEncoding } from "../../src/web/preferred-encoding.js";

describe("preferredEncoding", () => {
  const both = ["br", "gzip"] as const;

  it.each([
    ["gzip, deflate, br", "br"],
    ["br", "br"],
    ["gzip", "gzip"],
    ["GZIP", "gzip"],
    ["x-gzip", "gzip"],
    ["*", "br"],
    ["*;q=0.5, br;q=0.1", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0.8, gzip;q=0.8", "br"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0, *", "br"],
    ["identity", null],
    ["deflate, zstd", null],
    ["br;q=0, gzip;q=0", null],
    ["*;q=0", null],
    ["br;q=abc", null],
    ["", null],
  ] as const)("answers %j with %s when both copies exist", (header, expected) => {
    expect(preferredEncoding(header, both)).toBe(expected);
  });

  it("offers only the copies that exist", () => {
    expect(preferredEncoding("br, gzip", ["gzip"])).toBe("gzip");
    expect(preferredEncoding("br, gzip", ["br"])).toBe("br");
    expect(preferredEncoding("gzip", ["br"])).toBeNull();
    expect(preferredEncoding("br, gzip", [])).toBeNull();
  });

  it("answers identity when there is no header", () => {
    expect(preferredEncoding(undefined, both)).toBeNull();
  });

  it("takes the first quality when a coding is named twice", () => {
    expect(preferredEncoding("br;q=0, br, gzip;q=0.5", both)).toBe("gzip");
  });
});
