import { SessionStore } from "../src/auth/session-store.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "../src/db/schema.js";
import { FakeOidcProvider } from "./support/fake-oidc.js";
import {
  Client,
  DATABASES,
  PASSWORD,
  startTestApp,
  uniqueEmail,
  type Answer,
  type TestApp,
} from "./support/test-app.js";

describe.each(DATABASES)("OpenID Connect sign-in on %s", (kind) => {
  let server: TestApp;
  let provider: FakeOidcProvider;
  let n = 0;
  beforeAll(async () => {
    provider = await FakeOidcProvider.start();
    server = await startTestApp(kind, {
      renewals: false,
      env: {
        OIDC_ISSUER_URL: provider.url,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        ADMIN_EMAILS: "keeper@example.test",
      },
    });
    provider.now = () => server.clock.now();
  });
  beforeEach(() => {
    provider.spoil = null;
    n += 1;
    provider.next = {
      sub: `sub-${kind}-${n}`,
      email: `person.${kind}.${n}@example.test`,
      email_verified: true,
      given_name: "Ysolde",
      family_name: "Marrow",
    };
  });
  afterAll(async () => {
    await server.close();
    await provider.close();
  });

  /** Runs the browser's part: /api/login → provider → /api/callback. Returns the callback's answer. */
  async function signIn(client: Client): Promise<Answer> {
    const login = await client.get("/api/login");
    expect(login.status).toBe(302);
    const authorize = await fetch(login.headers.get("location")!, { redirect: "manual" });
    const back = new URL(authorize.headers.get("location")!);
    return client.get(`${back.pathname}${back.search}`);
  }

  it("redirects to the provider with state, nonce and a PKCE S256 challenge, keeping them in a signed cookie", async () => {
    const client = new Client(server);
    const login = await client.get("/api/login");
    expect(login.status).toBe(302);
    const target = new URL(login.headers.get("location")!);
    expect(`${target.origin}${target.pathname}`).toBe(`${provider.url}/authorize`);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      response_type: "code",
      client_id: provider.clientId,
      redirect_uri: `${server.url}/api/callback`,
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    for (const name of ["state", "nonce", "code_challenge"])
      expect(target.searchParams.get(name)?.length).toBeGreaterThan(30);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith("rh_oidc="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api/);
  });

  it("signs in through the provider: a new account with the provider's names, then the same one again", async () => {
    const client = new Client(server);
    const callback = await signIn(client);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/");
    const me = (await client.get("/api/auth/user")).body;
    expect(me).toMatchObject({
      email: provider.next.email,
      firstName: "Ysolde",
      lastName: "Marrow",
      role: "user",
    });
    expect(provider.tokenRequests.at(-1)?.get("code_verifier")?.length).toBeGreaterThan(40);

    const again = new Client(server);
    await signIn(again);
    expect((await again.get("/api/auth/user")).body.id).toBe(me.id);
    const rows = await server.database.db.select().from(users).where(eq(users.email, provider.next.email!));
    expect(rows).toHaveLength(1);
  });

  it("refuses a callback without the sign-in's cookie, with another state, or with a used code", async () => {
    const client = new Client(server);
    const login = await client.get("/api/login");
    const authorize = await fetch(login.headers.get("location")!, { redirect: "manual" });
    const back = new URL(authorize.headers.get("location")!);
    const path = `${back.pathname}${back.search}`;

    const stranger = await new Client(server).get(path);
    expect(stranger.status).toBe(400);
    expect(stranger.body).toEqual({ message: "Sign-in failed. Please try again.", code: "oidc_failed" });
    const wrongState = new Client(server);
    wrongState.cookies.set("rh_oidc", client.cookies.get("rh_oidc")!);
    expect((await wrongState.get(path.replace(/state=[^&]+/, "state=forged"))).status).toBe(400);

    const ok = new Client(server);
    ok.cookies.set("rh_oidc", client.cookies.get("rh_oidc")!);
    expect((await ok.get(path)).status).toBe(302);
    const replay = new Client(server);
    replay.cookies.set("rh_oidc", client.cookies.get("rh_oidc")!);
    expect((await replay.get(path)).status).toBe(400);
    expect(replay.cookies.has("rh_session")).toBe(false);
  });

  it("refuses ID tokens with another nonce, audience or issuer, expired, unsigned or badly signed", async () => {
    for (const spoil of ["nonce", "audience", "issuer", "expired", "alg-none", "signature"] as const) {
      provider.spoil = spoil;
      const client = new Client(server);
      const answer = await signIn(client);
      expect(answer.status, spoil).toBe(400);
      expect(client.cookies.has("rh_session"), spoil).toBe(false);
    }
    const rows = await server.database.db.select().from(users).where(eq(users.email, provider.next.email!));
    expect(rows).toHaveLength(0);
  });

  it("accepts an HS256 ID token signed with the client secret", async () => {
    provider.spoil = "hs256";
    const client = new Client(server);
    expect((await signIn(client)).status).toBe(302);
    expect((await client.get("/api/auth/user")).status).toBe(200);
  });

  it("asks the userinfo endpoint for an email the ID token lacks", async () => {
    provider.next = { sub: `quiet-${kind}` };
    const client = new Client(server);
    await signIn(client);
    expect((await client.get("/api/auth/user")).body.email).toBe(`quiet-${kind}@userinfo.example`);
  });

  it("links an existing account only by a verified email, and promotes verified ADMIN_EMAILS", async () => {
    const email = uniqueEmail("linked");
    const now = server.clock.now();
    await server.database.db.insert(users).values({
      email,
      firstName: "Old",
      lastName: "",
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    provider.next = { sub: `unverified-${kind}`, email, email_verified: false };
    expect((await signIn(new Client(server))).status).toBe(409);
    provider.next = { sub: `verified-${kind}`, email, email_verified: true };
    const client = new Client(server);
    await signIn(client);
    expect((await client.get("/api/auth/user")).body).toMatchObject({ email, firstName: "Old" });

    provider.next = { sub: `keeper-${kind}`, email: "keeper@example.test", email_verified: true };
    const keeper = new Client(server);
    await signIn(keeper);
    expect((await keeper.get("/api/auth/user")).body.role).toBe("admin");
  });

  it("never merges an unverified local account: it loses the address and its sessions (finding 1)", async () => {
    const email = uniqueEmail("squatted");
    const now = server.clock.now();
    const [squat] = await server.database.db
      .insert(users)
      .values({ email, firstName: "Squatter", lastName: "", role: "admin", createdAt: now, updatedAt: now })
      .returning();
    const { token } = await new SessionStore(
      server.database.db,
      server.clock,
      server.config.sessionSecret,
    ).create(squat!.id);
    const squatter = new Client(server);
    squatter.cookies.set("rh_session", token);
    expect((await squatter.get("/api/auth/user")).status).toBe(200);

    provider.next = { sub: `owner-${kind}`, email, email_verified: true, given_name: "Owner" };
    const owner = new Client(server);
    await signIn(owner);
    const me = (await owner.get("/api/auth/user")).body;
    expect(me).toMatchObject({ email, firstName: "Owner", role: "user", emailVerified: true });
    expect(me.id).not.toBe(squat!.id);
    expect((await squatter.get("/api/auth/user")).status).toBe(401);
    const [released] = await server.database.db.select().from(users).where(eq(users.id, squat!.id));
    expect(released).toMatchObject({ email: `unverified+${squat!.id}@invalid`, role: "user" });
  });

  it("links a verified local account only by ending whatever held it before: its sessions and its password (issue #43)", async () => {
    const email = uniqueEmail("held");
    const now = server.clock.now();
    const [held] = await server.database.db
      .insert(users)
      .values({
        email,
        firstName: "Holder",
        lastName: "",
        passwordHash: "scrypt$held",
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const { token } = await new SessionStore(
      server.database.db,
      server.clock,
      server.config.sessionSecret,
    ).create(held!.id);
    const holder = new Client(server);
    holder.cookies.set("rh_session", token);
    expect((await holder.get("/api/auth/user")).status).toBe(200);

    provider.next = { sub: `taker-${kind}`, email, email_verified: true };
    const owner = new Client(server);
    await signIn(owner);
    expect((await owner.get("/api/auth/user")).body).toMatchObject({ id: held!.id, email });
    // Whoever held the account before (a session someone else obtained, a password they chose) keeps nothing.
    expect((await holder.get("/api/auth/user")).status).toBe(401);
    const [linked] = await server.database.db.select().from(users).where(eq(users.id, held!.id));
    expect(linked).toMatchObject({
      oidcSubject: expect.stringContaining(`taker-${kind}`),
      passwordHash: null,
    });
  });

  it("turns local accounts off", async () => {
    const client = new Client(server);
    const register = await client.post("/api/auth/register", {
      email: uniqueEmail(),
      password: PASSWORD,
      firstName: "A",
      lastName: "B",
    });
    expect(register.status).toBe(404);
    expect((await client.post("/api/auth/login", { email: "a@b.test", password: PASSWORD })).status).toBe(
      404,
    );
  });
});
