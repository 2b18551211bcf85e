/**
 * Whether an `Accept-Encoding` header accepts gzip: named (`gzip`, or its alias `x-gzip`) or matched by `*`, with a
 * quality above zero (`gzip;q=0` refuses it, and so does `*;q=0` when gzip is not named).
 *
 * @example
 * acceptsGzip("gzip, deflate, br"); // true
 * acceptsGzip("br;q=1, gzip;q=0"); // false
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard: boolean | null = null;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === "gzip" || name === "x-gzip") return accepted;
    if (name === "*") wildcard = accepted;
  }
  return wildcard ?? false;
}
