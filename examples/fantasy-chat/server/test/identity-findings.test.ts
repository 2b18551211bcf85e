// Issue #43, a second penetration test, from the attacker's side: whoever registers an ADMIN_EMAILS address first
// never becomes admin whatever its real owner clicks; forgot-password requests from strangers never lock the
// owner out of a reset, and flood nobody; a link or form on another site cannot sign anyone out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offerAdminSetup } from "../src/auth/admin-setup.js";
import {
  Client,
  DATABASES,
  PASSWORD,
  mailedToken,
  registerUser,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from "./support/test-app.js";

const KEEPER = "keeper@realmheart.test";
const WARDEN = "warden@realmheart.test";
const NEW_PASSWORD = "ravens over the old keep";

describe.each(DATABASES)("identity findings (issue #43) on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    // Behind one proxy, so tests can speak from several client addresses through X-Forwarded-For.
    server = await startTestApp(kind, { env: { ADMIN_EMAILS: `${KEEPER},${WARDEN}`, TRUST_PROXY: "1" } });
  });
  afterAll(() => server.close());

  const from = (ip: string) => ({ "x-forwarded-for": ip });
  const mailsTo = async (email: string, subject: string) =>
    ((await new Client(server).get("/api/test/outbox")).body as { to: string; subject: string }[]).filter(
      (m) => m.to === email && m.subject.startsWith(subject),
    ).length;

  it("never makes the squatter of an admin address an admin, whatever its owner does with the mail", async () => {
    const squatter = await registerUser(server, { email: KEEPER, verifyEmail: false });
    const token = await mailedToken(server, KEEPER, "/verify-email");
    const stillPowerless = async () => {
      expect((await squatter.client.get("/api/auth/user")).body).toMatchObject({
        role: "user",
        emailVerified: false,
      });
      expect((await squatter.client.get("/api/admin/stats")).status).toBe(403);
    };

    // The owner opens the mail's link in their own browser: the page names the account and asks for its password.
    const owner = new Client(server);
    const account = await owner.post("/api/auth/verify-email/account", { token });
    expect(account.status).toBe(200);
    expect(account.body).toEqual({
      email: KEEPER,
      accountCreatedAt: server.clock.now().toISOString(),
      signedIn: false,
    });
    const clicked = await owner.post("/api/auth/verify-email", { token });
    expect(clicked.status).toBe(401);
    expect(clicked.body.code).toBe("password_required");
    await stillPowerless();

    // Signed in to an account of their own, it is the same.
    const ownOther = await registerUser(server);
    const fromOwnAccount = await ownOther.client.post("/api/auth/verify-email", { token });
    expect(fromOwnAccount.status).toBe(401);
    expect((await ownOther.client.get("/api/auth/user")).body.email).toBe(ownOther.user.email);
    await stillPowerless();

    // A password that is not the account's changes nothing either.
    const guessed = await owner.post("/api/auth/verify-email", { token, password: "my own password" });
    expect(guessed.status).toBe(401);
    expect(guessed.body.code).toBe("invalid_credentials");
    expect(owner.cookies.size).toBe(0);
    await stillPowerless();

    // The owner takes the address back through a password reset: the squatter's session and password end.
    expect((await owner.post("/api/auth/forgot-password", { email: KEEPER })).status).toBe(202);
    const reset = await owner.post("/api/auth/reset-password", {
      token: await mailedToken(server, KEEPER, "/reset-password"),
      password: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect((await owner.get("/api/auth/user")).body).toMatchObject({ email: KEEPER, role: "admin" });
    expect((await squatter.client.get("/api/auth/user")).status).toBe(401);
    const oldPassword = await new Client(server).post("/api/auth/login", {
      email: KEEPER,
      password: PASSWORD,
    });
    expect(oldPassword.status).toBe(401);
  });

  it("lets the address's holder confirm it from another browser with the account's password, and signs them in there", async () => {
    const holder = await registerUser(server, { email: WARDEN, verifyEmail: false });
    const token = await mailedToken(server, WARDEN, "/verify-email");
    const phone = new Client(server);
    const confirmed = await phone.post("/api/auth/verify-email", { token, password: PASSWORD });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: WARDEN, emailVerified: true });
    expect((await phone.get("/api/auth/user")).body).toMatchObject({ email: WARDEN, role: "admin" });
    expect((await holder.client.get("/api/auth/user")).body).toMatchObject({
      role: "admin",
      emailVerified: true,
    });
    expect((await phone.post("/api/auth/verify-email", { token, password: PASSWORD })).status).toBe(400);
  });

  it("limits password guesses through a verification link like sign-ins", async () => {
    const { user } = await registerUser(server, { verifyEmail: false });
    const token = await mailedToken(server, user.email, "/verify-email");
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await new Client(server).post(
            "/api/auth/verify-email",
            { token, password: `guess ${i}` },
            from("203.0.113.9"),
          )
        ).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it("never locks an owner out of a password reset, and bounds the mails strangers can cause", async () => {
    const { user } = await registerUser(server);
    const ask = (ip: string) =>
      new Client(server).post("/api/auth/forgot-password", { email: user.email }, from(ip));
    const stranger = [];
    for (let i = 0; i < 7; i++) stranger.push((await ask("203.0.113.7")).status);
    // The stranger alone is held back; the owner still gets a link at once.
    expect(stranger).toEqual([202, 202, 202, 202, 202, 429, 429]);
    expect((await ask("198.51.100.4")).status).toBe(202);
    expect(await mailsTo(user.email, "Reset")).toBe(6);
    const ownersLink = await mailedToken(server, user.email, "/reset-password");

    // Strangers from ten more addresses: every answer alike, but at most ten mails an hour reach the owner.
    const flood = [];
    for (let i = 0; i < 10; i++) flood.push((await ask(`192.0.2.${i + 10}`)).status);
    expect(flood).toEqual(Array(10).fill(202));
    expect(await mailsTo(user.email, "Reset")).toBe(10);

    // The link the owner received still works.
    const reset = await new Client(server).post("/api/auth/reset-password", {
      token: ownersLink,
      password: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.email).toBe(user.email);
  });

  it("signs out from the app's own pages, never from another site's link", async () => {
    const { client } = await registerUser(server, { email: uniqueEmail("logout") });
    for (const site of ["cross-site", "same-site"]) {
      const lured = await client.get("/api/logout", { "sec-fetch-site": site });
      expect(lured.status).toBe(302);
      expect(lured.headers.get("location")).toBe("/");
      expect((await client.get("/api/auth/user")).status).toBe(200);
    }
    const own = await client.get("/api/logout", { "sec-fetch-site": "same-origin" });
    expect(own.status).toBe(302);
    expect((await client.get("/api/auth/user")).status).toBe(401);

    const typed = await registerUser(server);
    expect((await typed.client.get("/api/logout", { "sec-fetch-site": "none" })).status).toBe(302);
    expect((await typed.client.get("/api/auth/user")).status).toBe(401);
  });
});

describe.each(DATABASES)("the first admin through the printed setup link (issue #43) on %s", (kind) => {
  let server: TestApp;
  const printed: string[] = [];
  beforeAll(async () => {
    server = await startTestApp(kind, {
      env: { ADMIN_EMAILS: "" },
      announceAdminSetup: (link) => printed.push(link),
    });
  });
  afterAll(() => server.close());

  const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

  it("prints one link at start while no admin exists; only a signed-in account holding it becomes admin, once", async () => {
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^http:\/\/localhost:\d+\/admin-setup\?token=[\w-]{43}$/);
    const token = tokenOf(printed[0]!);

    // An attacker without the link: guesses, an empty token, a token of the right shape.
    const attacker = await registerUser(server);
    for (const guess of ["", "x", "A".repeat(43), token.slice(0, 42)]) {
      const answer = await attacker.client.post("/api/auth/admin-setup", { token: guess });
      expect(answer.status).toBe(400);
    }
    // Signed out, the link itself makes nobody admin.
    expect((await new Client(server).post("/api/auth/admin-setup", { token })).status).toBe(401);
    expect((await attacker.client.get("/api/admin/stats")).status).toBe(403);

    const operator = await registerUser(server);
    const claimed = await operator.client.post("/api/auth/admin-setup", { token });
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ email: operator.user.email, role: "admin" });
    expect((await operator.client.get("/api/admin/stats")).status).toBe(200);

    // Used: worthless to anyone after, the operator included.
    expect((await attacker.client.post("/api/auth/admin-setup", { token })).status).toBe(400);
    expect((await attacker.client.get("/api/admin/stats")).status).toBe(403);
  });

  it("voids an older link when the server prints a new one, and prints none once an admin exists", async () => {
    const fresh = await startTestApp(kind, {
      env: { ADMIN_EMAILS: "" },
      announceAdminSetup: (link) => printed.push(link),
    });
    try {
      const first = tokenOf(printed.at(-1)!);
      const second = await offerAdminSetup({
        db: fresh.database.db,
        clock: fresh.clock,
        config: fresh.config,
      });
      const someone = await registerUser(fresh);
      expect((await someone.client.post("/api/auth/admin-setup", { token: first })).status).toBe(400);
      expect((await someone.client.post("/api/auth/admin-setup", { token: second })).status).toBe(200);
      expect(
        await offerAdminSetup({ db: fresh.database.db, clock: fresh.clock, config: fresh.config }),
      ).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});
