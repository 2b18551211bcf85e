// Hostile input for fuzzing the servers' JSON endpoints (the billing server's and Realmheart's suites share it):
// strings with NUL, lone surrogates, bidi controls, emoji, quotes and markup, classic injection payloads, huge text.
import fc from "fast-check";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Body = Record<string, Json>;

export const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
export const hostileChar = fc.oneof(
  loneSurrogate,
  fc.constantFrom(
    "\u0000",
    "\u202e",
    "\u200b",
    "\ufeff",
    "😀",
    "𝕏",
    "é",
    "İ",
    "'",
    '"',
    "\\",
    "%",
    "_",
    "<",
    ">",
    "&",
    "\n",
    "\r",
    "\t",
    " ",
    "$",
    "{",
    "/",
    "\u0001",
    "\u007f",
  ),
);
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.string({ unit: hostileChar, maxLength: 30 }),
  fc.constantFrom(
    "'; DROP TABLE billing_purchases; --",
    "' OR '1'='1",
    "<script>alert(1)</script>",
    "${process.exit(1)}",
    "{{7*7}}",
    "../../etc/passwd",
    "%00",
    "null",
    "undefined",
    "__proto__",
    "constructor",
    "prototype",
    "\\u0000",
    "",
    " ",
  ),
  fc.integer({ min: 300, max: 4_000 }).map((n) => "😀é".repeat(n / 3)),
);
