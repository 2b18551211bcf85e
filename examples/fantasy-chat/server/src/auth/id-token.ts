import {
  createHmac,
  createPublicKey,
  timingSafeEqual,
  verify,
  type JsonWebKey,
  type KeyObject,
} from "node:crypto";

/** The claims of an ID token the app reads. */
export interface IdTokenClaims {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  azp?: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

/** What an ID token must match. */
export interface IdTokenExpectations {
  issuer: string;
  clientId: string;
  /** Keys HS256 tokens (OpenID Connect: the client secret). */
  clientSecret: string;
  nonce: string;
  now: Date;
  /** The provider's public keys (JWKS) for RS256 and ES256 tokens. */
  keys: JsonWebKey[];
}

/** Why an ID token was refused: `unknown_key` (refetch the keys and try again) or `invalid`. */
export type IdTokenErrorCode = "unknown_key" | "invalid";

/** A refused ID token (logged; the user only sees that sign-in failed). */
export class IdTokenError extends Error {
  override readonly name = "IdTokenError";

  constructor(
    message: string,
    readonly code: IdTokenErrorCode = "invalid",
  ) {
    super(message);
  }
}

const CLOCK_SKEW_S = 60;

function decodePart(part: string | undefined): Record<string, unknown> {
  if (!part) throw new IdTokenError("malformed token");
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("not an object");
    return value as Record<string, unknown>;
  } catch {
    throw new IdTokenError("malformed token");
  }
}

function publicKeyFor(keys: JsonWebKey[], kid: unknown, kty: "RSA" | "EC"): KeyObject {
  const candidates = keys.filter((k) => k.kty === kty && (k.use === undefined || k.use === "sig"));
  const key =
    kid === undefined
      ? candidates.length === 1
        ? candidates[0]
        : undefined
      : candidates.find((k) => k.kid === kid);
  if (!key) throw new IdTokenError(`no ${kty} key with kid ${String(kid)}`, "unknown_key");
  return createPublicKey({ key, format: "jwk" });
}

function checkSignature(
  header: Record<string, unknown>,
  signed: string,
  signature: Buffer,
  expected: IdTokenExpectations,
) {
  const data = Buffer.from(signed);
  switch (header.alg) {
    case "RS256":
      if (!verify("sha256", data, publicKeyFor(expected.keys, header.kid, "RSA"), signature)) {
        throw new IdTokenError("bad signature");
      }
      return;
    case "ES256":
      if (
        !verify(
          "sha256",
          data,
          { key: publicKeyFor(expected.keys, header.kid, "EC"), dsaEncoding: "ieee-p1363" },
          signature,
        )
      ) {
        throw new IdTokenError("bad signature");
      }
      return;
    case "HS256": {
      const mac = createHmac("sha256", expected.clientSecret).update(data).digest();
      if (mac.length !== signature.length || !timingSafeEqual(mac, signature))
        throw new IdTokenError("bad signature");
      return;
    }
    default:
      // "none" and everything else: a token the app cannot verify is not a token.
      throw new IdTokenError(`unsupported alg ${String(header.alg)}`);
  }
}

/**
 * Validates an ID token (OpenID Connect Core §3.1.3.7): signature (RS256 or ES256 with the provider's keys, HS256
 * with the client secret; `none` and anything else refused), issuer, audience (and `azp` when there are several),
 * expiry and issue time with a minute of clock skew, and the nonce this sign-in sent. Returns its claims.
 *
 * @example
 * const claims = validateIdToken(tokens.id_token, { issuer, clientId, clientSecret, nonce, now, keys });
 */
export function validateIdToken(token: string, expected: IdTokenExpectations): IdTokenClaims {
  const parts = token.split(".");
  if (parts.length !== 3) throw new IdTokenError("malformed token");
  const header = decodePart(parts[0]);
  const claims = decodePart(parts[1]);
  checkSignature(header, `${parts[0]}.${parts[1]}`, Buffer.from(parts[2] ?? "", "base64url"), expected);

  const now = Math.floor(expected.now.getTime() / 1000);
  if (claims.iss !== expected.issuer) throw new IdTokenError("wrong issuer");
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expected.clientId)) throw new IdTokenError("wrong audience");
  if (audiences.length > 1 && claims.azp !== expected.clientId)
    throw new IdTokenError("wrong authorized party");
  if (typeof claims.exp !== "number" || claims.exp + CLOCK_SKEW_S < now) throw new IdTokenError("expired");
  if (typeof claims.iat !== "number" || claims.iat - CLOCK_SKEW_S > now)
    throw new IdTokenError("issued in the future");
  if (claims.nonce !== expected.nonce) throw new IdTokenError("wrong nonce");
  if (typeof claims.sub !== "string" || claims.sub === "") throw new IdTokenError("no subject");
  return claims as unknown as IdTokenClaims;
}
