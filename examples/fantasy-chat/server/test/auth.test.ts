import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../src/db/schema.js";
import {
  ADMIN_EMAIL,
  Client,
  DATABASES,
  PASSWORD,
  registerUser,
  setSubscription,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from "./support/test-app.js";

const DAY = 24 * 60 * 60_000;

describe.each(DATABASES)("local accounts on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it("registers a new trial user without a payment method and signs them in", async () => {
    const client = new Client(server);
    const email = uniqueEmail();
    const answer = await client.post("/api/auth/register", {
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
      firstName: " Ysolde ",
      lastName: "Marrow",
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      email,
      firstName: "Ysolde",
      lastName: "Marrow",
      role: "user",
      ageVerified: false,
      freeMessagesUsed: 0,
      subscriptionStatus: "trial",
      trialEndDate: null,
      paymentMethodSetup: false,
      billingIssue: false,
      emailVerified: false,
      createdAt: server.clock.now().toISOString(),
    });
    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toEqual(answer.body);
  });

  it("sets an httpOnly, SameSite=Lax, Path=/ session cookie, Secure only behind TLS", async () => {
    const plain = await new Client(server).post("/api/auth/register", {
      email: uniqueEmail(),
      password: PASSWORD,
      firstName: "A",
      lastName: "B",
    });
    const cookie = plain.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^rh_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");

    const tls = await new Client(server).post(
      "/api/auth/register",
      { email: uniqueEmail(), password: PASSWORD, firstName: "A", lastName: "B" },
      { "x-forwarded-proto": "https" },
    );
    expect(tls.headers.get("set-cookie")).toContain("; Secure");
  });

  it("stores passwords as salted scrypt hashes and session ids only as digests", async () => {
    const { client, user } = await registerUser(server);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
    const token = client.cookies.get("rh_session") ?? "";
    const stored = await server.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.digest).not.toBe(token);
    expect(stored[0]?.expiresAt.getTime()).toBe(server.clock.now().getTime() + 30 * DAY);
  });

  it("answers 409 for an email that is taken, whatever its case", async () => {
    const email = uniqueEmail();
    await registerUser(server, { email });
    const answer = await new Client(server).post("/api/auth/register", {
      email: email.toUpperCase(),
      password: PASSWORD,
      firstName: "Other",
      lastName: "Person",
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      message: "An account with this email already exists",
      code: "email_taken",
    });
  });

  it("rejects invalid registrations with a message per field", async () => {
    const answer = await new Client(server).post("/api/auth/register", {
      email: "not-an-email",
      password: "short",
      firstName: "   ",
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: "Enter a valid email address",
      code: "validation_error",
      fields: {
        email: "Enter a valid email address",
        password: "Password must be at least 8 characters",
        firstName: "First name is required",
        lastName: "Last name is required",
      },
    });
  });

  it("refuses a sign-up without a last name, absent or blank, and creates no account", async () => {
    const email = uniqueEmail("nameless");
    const client = new Client(server);
    for (const lastName of [undefined, "", "   "]) {
      const answer = await client.post("/api/auth/register", {
        email,
        password: PASSWORD,
        firstName: "Ysolde",
        lastName,
      });
      expect(answer.status, JSON.stringify(lastName)).toBe(400);
      expect(answer.body).toEqual({
        message: "Last name is required",
        code: "validation_error",
        fields: { lastName: "Last name is required" },
      });
      expect(answer.headers.get("set-cookie")).toBeNull();
    }
    expect(await server.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const outbox = (await client.get("/api/test/outbox")).body as { to: string }[];
    expect(outbox.filter((mail) => mail.to === email)).toEqual([]);
    expect((await client.get("/api/auth/user")).status).toBe(401);

    const named = await client.post("/api/auth/register", {
      email,
      password: PASSWORD,
      firstName: "Ysolde",
      lastName: " Marrow ",
    });
    expect(named.status).toBe(201);
    expect(named.body).toMatchObject({ email, firstName: "Ysolde", lastName: "Marrow" });
  });

  it("signs in with the right password and refuses a wrong one or an unknown email alike", async () => {
    const email = uniqueEmail();
    const { user } = await registerUser(server, { email });
    const client = new Client(server);
    const wrong = await client.post("/api/auth/login", { email, password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: "Invalid email or password", code: "invalid_credentials" });
    expect(wrong.headers.get("set-cookie")).toBeNull();
    const unknown = await client.post("/api/auth/login", { email: uniqueEmail(), password: PASSWORD });
    expect(unknown.body).toEqual(wrong.body);

    const right = await client.post("/api/auth/login", { email: email.toUpperCase(), password: PASSWORD });
    expect(right.status).toBe(200);
    expect(right.body.id).toBe(user.id);
    expect((await client.get("/api/auth/user")).body.id).toBe(user.id);
  });

  it("issues a new session id on every sign-in and revokes the one the browser had (no fixation)", async () => {
    const email = uniqueEmail();
    await registerUser(server, { email });
    const attacker = await registerUser(server);
    const planted = attacker.client.cookies.get("rh_session") ?? "";

    const victim = new Client(server);
    victim.cookies.set("rh_session", planted);
    await victim.post("/api/auth/login", { email, password: PASSWORD });
    const first = victim.cookies.get("rh_session");
    expect(first).not.toBe(planted);
    expect((await attacker.client.get("/api/auth/user")).status).toBe(401);

    await victim.post("/api/auth/login", { email, password: PASSWORD });
    const second = victim.cookies.get("rh_session");
    expect(second).not.toBe(first);
    const stale = new Client(server);
    stale.cookies.set("rh_session", first ?? "");
    expect((await stale.get("/api/auth/user")).status).toBe(401);
  });

  it("signs out on GET /api/logout: session revoked, cookie cleared, redirect to /", async () => {
    const { client } = await registerUser(server);
    const token = client.cookies.get("rh_session") ?? "";
    const answer = await client.get("/api/logout");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/");
    expect(answer.headers.get("set-cookie")).toMatch(/^rh_session=;.*Max-Age=0/);
    const replay = new Client(server);
    replay.cookies.set("rh_session", token);
    expect((await replay.get("/api/auth/user")).status).toBe(401);
    expect((await new Client(server).get("/api/logout")).status).toBe(302);
  });

  it("answers 401 Unauthorized when signed out, with a malformed cookie, or after the session expires", async () => {
    const anonymous = await new Client(server).get("/api/auth/user");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: "Unauthorized", code: "unauthorized" });
    const garbage = new Client(server);
    garbage.cookies.set("rh_session", "%%%not-a-token");
    expect((await garbage.get("/api/auth/user")).status).toBe(401);

    const local = await startTestApp(kind);
    try {
      const { client } = await registerUser(local);
      local.clock.advance(30 * DAY - 1000);
      expect((await client.get("/api/auth/user")).status).toBe(200);
      local.clock.advance(2000);
      expect((await client.get("/api/auth/user")).status).toBe(401);
    } finally {
      await local.close();
    }
  });

  it("makes verified ADMIN_EMAILS admins when verified and on sign-in, case-insensitively", async () => {
    const { client, user } = await registerUser(server, { email: ADMIN_EMAIL.toUpperCase() });
    expect(user.role).toBe("admin");
    await setSubscription(server, user.id, { role: "user" });
    expect((await client.get("/api/auth/user")).body.role).toBe("user");
    const again = await new Client(server).post("/api/auth/login", {
      email: ADMIN_EMAIL,
      password: PASSWORD,
    });
    expect(again.body.role).toBe("admin");
  });

  it("confirms the age with POST /api/auth/verify-age, with or without an empty JSON body", async () => {
    const { client } = await registerUser(server);
    const bare = await client.request("POST", "/api/auth/verify-age");
    expect(bare.status).toBe(200);
    expect(bare.body.ageVerified).toBe(true);
    const other = await registerUser(server);
    const empty = await other.client.request("POST", "/api/auth/verify-age", {
      rawBody: "",
      headers: { "content-type": "application/json" },
    });
    expect(empty.status).toBe(200);
    expect((await other.client.get("/api/auth/user")).body.ageVerified).toBe(true);
    expect((await new Client(server).post("/api/auth/verify-age")).status).toBe(401);
  });

  it("serves an accessible sign-in and sign-up page at /api/login, and sends signed-in users home", async () => {
    const page = await new Client(server).get("/api/login");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    for (const id of [
      "login-email",
      "login-password",
      "register-firstName",
      "register-lastName",
      "register-email",
    ]) {
      expect(page.text).toContain(`<label for="${id}">`);
      expect(page.text).toContain(`id="${id}"`);
    }
    expect(page.text).toContain('role="alert"');
    expect(page.text).toContain('autocomplete="current-password"');
    expect(page.text).toContain('<html lang="en">');
    const script = await new Client(server).get("/api/login/script.js");
    expect(script.headers.get("content-type")).toMatch(/text\/javascript/);
    expect(script.text).toContain("/");

    const { client } = await registerUser(server);
    const signedIn = await client.get("/api/login");
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/");
  });

  it("marks every sign-up field required on the page, the last name as much as the first", async () => {
    const page = await new Client(server).get("/api/login");
    for (const name of ["firstName", "lastName", "email", "password"]) {
      const input = page.text.match(new RegExp(`<input id="register-${name}"[^>]*>`))?.[0];
      expect(input, name).toMatch(/ required[ >]/);
    }
  });
});

describe.each(DATABASES)("logging on %s", (kind) => {
  it("never writes passwords, session tokens or cookies to the log", async () => {
    const lines: string[] = [];
    const server = await startTestApp(kind, {
      logger: { level: "trace", stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const email = uniqueEmail();
      const { client } = await registerUser(server, { email });
      await client.post("/api/auth/login", { email, password: PASSWORD });
      await client.post("/api/auth/login", { email, password: "wrong-password-123" });
      await client.get("/api/auth/user");
      const token = client.cookies.get("rh_session") ?? "";
      const log = lines.join("\n");
      expect(lines.length).toBeGreaterThan(0);
      expect(log).not.toContain(PASSWORD);
      expect(log).not.toContain("wrong-password-123");
      expect(log).not.toContain(token);
    } finally {
      await server.close();
    }
  });
});
