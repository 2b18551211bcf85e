import { createHash, randomBytes, type JsonWebKey } from "node:crypto";
import { z } from "zod";
import { IdTokenError, validateIdToken, type IdTokenClaims } from "./id-token.js";

/** The provider and this app's registration with it. */
export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

/** A failed exchange with the provider (logged; the user sees that sign-in failed). */
export class OidcError extends Error {
  override readonly name = "OidcError";
}

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
});
type Discovery = z.infer<typeof discoverySchema>;

const tokenSchema = z.object({ id_token: z.string(), access_token: z.string().optional() });
const userinfoSchema = z.object({
  sub: z.string(),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});

/** The one-time values of a sign-in, kept (signed) in a cookie between the redirect and the callback. */
export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Who signed in, as the provider says. */
export type OidcIdentity = Pick<
  IdTokenClaims,
  "sub" | "email" | "email_verified" | "given_name" | "family_name" | "name"
> & { issuer: string };

const TIMEOUT_MS = 10_000;
const CACHE_MS = 60 * 60_000;

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/**
 * A small OpenID Connect relying party (authorization code flow with PKCE S256, state and nonce), written on
 * `fetch` and `node:crypto`: discovery, the authorization URL, the code exchange (client_secret_basic, or
 * client_secret_post when the provider supports only that), ID token validation, and the userinfo call when the
 * ID token has no email. The discovery document and keys are cached for an hour (refetched at once for an
 * unknown key id, as after a key rotation).
 *
 * @example
 * const oidc = new OidcClient({ issuerUrl, clientId, clientSecret });
 * const { url, pending } = await oidc.startLogin(`${origin}/api/callback`);
 */
export class OidcClient {
  private discovery: { value: Discovery; at: number } | null = null;
  private keys: { value: JsonWebKey[]; at: number } | null = null;

  constructor(
    private readonly settings: OidcSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** The provider's authorization URL for a new sign-in, and the values to keep until its callback. */
  async startLogin(redirectUri: string): Promise<{ url: string; pending: PendingLogin }> {
    const discovery = await this.discover();
    const pending: PendingLogin = {
      state: randomBytes(24).toString("base64url"),
      nonce: randomBytes(24).toString("base64url"),
      codeVerifier: randomBytes(48).toString("base64url"),
    };
    const url = new URL(discovery.authorization_endpoint);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("client_id", this.settings.clientId);
    url.searchParams.set("redirect_uri", redirectUri);
    url.searchParams.set("scope", "openid email profile");
    url.searchParams.set("state", pending.state);
    url.searchParams.set("nonce", pending.nonce);
    url.searchParams.set(
      "code_challenge",
      createHash("sha256").update(pending.codeVerifier).digest("base64url"),
    );
    url.searchParams.set("code_challenge_method", "S256");
    return { url: url.toString(), pending };
  }

  /** Exchanges the callback's code and returns the validated identity. */
  async finishLogin(
    code: string,
    redirectUri: string,
    pending: PendingLogin,
    now: Date,
  ): Promise<OidcIdentity> {
    const discovery = await this.discover();
    const form = new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      code_verifier: pending.codeVerifier,
    });
    const headers: Record<string, string> = {
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    };
    const methods = discovery.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
    if (methods.includes("client_secret_basic")) {
      const id = encodeURIComponent(this.settings.clientId);
      const secret = encodeURIComponent(this.settings.clientSecret);
      headers.authorization = `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
    } else {
      form.set("client_id", this.settings.clientId);
      form.set("client_secret", this.settings.clientSecret);
    }
    const tokens = tokenSchema.safeParse(
      await this.json(discovery.token_endpoint, { method: "POST", headers, body: form.toString() }),
    );
    if (!tokens.success) throw new OidcError("the token endpoint sent no ID token");

    const validate = (keys: JsonWebKey[]) =>
      validateIdToken(tokens.data.id_token, {
        issuer: discovery.issuer,
        clientId: this.settings.clientId,
        clientSecret: this.settings.clientSecret,
        nonce: pending.nonce,
        now,
        keys,
      });
    let claims: IdTokenClaims;
    try {
      claims = validate(await this.signingKeys(false));
    } catch (error) {
      if (!(error instanceof IdTokenError && error.code === "unknown_key")) throw error;
      claims = validate(await this.signingKeys(true));
    }

    const identity: OidcIdentity = { issuer: discovery.issuer, ...pick(claims) };
    if (!identity.email && discovery.userinfo_endpoint && tokens.data.access_token) {
      const info = userinfoSchema.safeParse(
        await this.json(discovery.userinfo_endpoint, {
          headers: { authorization: `Bearer ${tokens.data.access_token}`, accept: "application/json" },
        }),
      );
      // The userinfo answer counts only for the subject the ID token named.
      if (info.success && info.data.sub === claims.sub) Object.assign(identity, pick(info.data));
    }
    return identity;
  }

  private async discover(): Promise<Discovery> {
    if (this.discovery && Date.now() - this.discovery.at < CACHE_MS) return this.discovery.value;
    const issuer = trimSlash(this.settings.issuerUrl);
    const parsed = discoverySchema.safeParse(await this.json(`${issuer}/.well-known/openid-configuration`));
    if (!parsed.success) throw new OidcError("the discovery document is not usable");
    if (trimSlash(parsed.data.issuer) !== issuer)
      throw new OidcError("the discovery document names another issuer");
    this.discovery = { value: parsed.data, at: Date.now() };
    return parsed.data;
  }

  private async signingKeys(refresh: boolean): Promise<JsonWebKey[]> {
    if (!refresh && this.keys && Date.now() - this.keys.at < CACHE_MS) return this.keys.value;
    const body = z
      .object({ keys: z.array(z.record(z.string(), z.unknown())) })
      .safeParse(await this.json((await this.discover()).jwks_uri));
    if (!body.success) throw new OidcError("the JWKS is not usable");
    this.keys = { value: body.data.keys as JsonWebKey[], at: Date.now() };
    return this.keys.value;
  }

  private async json(url: string, init: RequestInit = {}): Promise<unknown> {
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        ...init,
        redirect: "error",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new OidcError(`could not reach ${new URL(url).origin}`);
    }
    if (!response.ok) throw new OidcError(`${new URL(url).pathname} answered HTTP ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new OidcError(`${new URL(url).pathname} sent no JSON`);
    }
  }
}

function pick(claims: Partial<IdTokenClaims>) {
  const identity: Omit<OidcIdentity, "issuer"> = { sub: claims.sub ?? "" };
  if (claims.email !== undefined) identity.email = claims.email;
  if (claims.email_verified !== undefined) identity.email_verified = claims.email_verified;
  if (claims.given_name !== undefined) identity.given_name = claims.given_name;
  if (claims.family_name !== undefined) identity.family_name = claims.family_name;
  if (claims.name !== undefined) identity.name = claims.name;
  return identity;
}
