/**
 * Headers on every answer of the billing server. It is a JSON API: nothing it answers is a page to render,
 * frame, sniff or cache (answers carry customer data).
 */
export const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
} as const;
