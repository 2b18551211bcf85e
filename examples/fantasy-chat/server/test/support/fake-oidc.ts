// A stand-in OpenID Connect provider on 127.0.0.1: discovery, an authorization endpoint that signs in whoever the
// test says (no consent screen), a token endpoint that checks the client's credentials, the code and its PKCE
// verifier, and a JWKS. ID tokens are RS256 by default; tests can make them wrong in one way at a time.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createHash, createHmac, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import type { AddressInfo } from "node:net";

/** Who the provider signs in next. */
export interface FakeIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

/** Ways to spoil the next ID token. */
export type Spoil = "nonce" | "audience" | "expired" | "signature" | "issuer" | "alg-none" | "hs256" | null;

interface Grant {
  identity: FakeIdentity;
  nonce: string;
  challenge: string;
  redirectUri: string;
  clientId: string;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

export class FakeOidcProvider {
  readonly clientId = "realmheart-web";
  readonly clientSecret = `secret-${randomBytes(8).toString("hex")}`;
  url = "";
  next: FakeIdentity = {
    sub: "user-1",
    email: "ysolde@example.test",
    email_verified: true,
    given_name: "Ysolde",
    family_name: "Marrow",
  };
  spoil: Spoil = null;
  /** The provider's clock (tests share the app's, which is not the wall clock). */
  now: () => Date = () => new Date();
  /** The last authorization request's query. */
  lastAuthorization: URLSearchParams | null = null;
  readonly tokenRequests: URLSearchParams[] = [];
  private readonly grants = new Map<string, Grant>();
  private readonly keys: { privateKey: KeyObject; publicKey: KeyObject };
  private readonly kid = `k-${randomBytes(4).toString("hex")}`;

  private constructor(private readonly server: Server) {
    this.keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  }

  static async start(): Promise<FakeOidcProvider> {
    const holder: { provider?: FakeOidcProvider } = {};
    const server = createServer((request, response) => void holder.provider?.handle(request, response));
    const provider = new FakeOidcProvider(server);
    holder.provider = provider;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return provider;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private idToken(grant: Grant): string {
    const now = Math.floor(this.now().getTime() / 1000);
    const spoil = this.spoil;
    const claims = {
      ...grant.identity,
      iss: spoil === "issuer" ? "https://elsewhere.example" : this.url,
      aud: spoil === "audience" ? "someone-else" : grant.clientId,
      iat: now - (spoil === "expired" ? 7200 : 0),
      exp: spoil === "expired" ? now - 3600 : now + 300,
      nonce: spoil === "nonce" ? "another-nonce" : grant.nonce,
    };
    if (spoil === "alg-none") return `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`;
    if (spoil === "hs256") {
      const signed = `${b64({ alg: "HS256", typ: "JWT" })}.${b64(claims)}`;
      return `${signed}.${createHmac("sha256", this.clientSecret).update(signed).digest("base64url")}`;
    }
    const signed = `${b64({ alg: "RS256", typ: "JWT", kid: this.kid })}.${b64(claims)}`;
    const key =
      spoil === "signature"
        ? generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey
        : this.keys.privateKey;
    return `${signed}.${sign("sha256", Buffer.from(signed), key).toString("base64url")}`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? "/", this.url);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };

    if (url.pathname === "/.well-known/openid-configuration") {
      return json(200, {
        issuer: this.url,
        authorization_endpoint: `${this.url}/authorize`,
        token_endpoint: `${this.url}/token`,
        jwks_uri: `${this.url}/jwks`,
        userinfo_endpoint: `${this.url}/userinfo`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic"],
      });
    }
    if (url.pathname === "/jwks") {
      return json(200, {
        keys: [{ ...this.keys.publicKey.export({ format: "jwk" }), kid: this.kid, use: "sig", alg: "RS256" }],
      });
    }
    if (url.pathname === "/authorize") {
      const q = url.searchParams;
      this.lastAuthorization = q;
      const redirectUri = q.get("redirect_uri") ?? "";
      if (
        q.get("client_id") !== this.clientId ||
        q.get("response_type") !== "code" ||
        q.get("code_challenge_method") !== "S256"
      ) {
        return json(400, { error: "invalid_request" });
      }
      const code = randomBytes(16).toString("hex");
      this.grants.set(code, {
        identity: this.next,
        nonce: q.get("nonce") ?? "",
        challenge: q.get("code_challenge") ?? "",
        redirectUri,
        clientId: this.clientId,
      });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("state", q.get("state") ?? "");
      response.writeHead(302, { location: back.toString() });
      response.end();
      return;
    }
    if (url.pathname === "/token" && request.method === "POST") {
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      this.tokenRequests.push(form);
      const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString("base64")}`;
      if (request.headers.authorization !== expected) return json(401, { error: "invalid_client" });
      const code = form.get("code") ?? "";
      const grant = this.grants.get(code);
      this.grants.delete(code);
      const challenge = createHash("sha256")
        .update(form.get("code_verifier") ?? "")
        .digest("base64url");
      if (!grant || grant.redirectUri !== form.get("redirect_uri") || grant.challenge !== challenge) {
        return json(400, { error: "invalid_grant" });
      }
      return json(200, {
        access_token: `at-${grant.identity.sub}`,
        token_type: "Bearer",
        expires_in: 300,
        id_token: this.idToken(grant),
      });
    }
    if (url.pathname === "/userinfo") {
      const sub = (request.headers.authorization ?? "").replace(/^Bearer at-/, "");
      return json(200, { sub, email: `${sub}@userinfo.example`, email_verified: true });
    }
    return json(404, { error: "not_found" });
  }
}
