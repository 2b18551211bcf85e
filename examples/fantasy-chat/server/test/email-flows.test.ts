// Issue #18, findings 1 and 2: an address must be verified before ADMIN_EMAILS grants anything, and a forgotten
// password is reset through a mailed, single-use, 30-minute link. The mails are read from the test outbox, and in
// the last suite from a real SMTP server on loopback (nodemailer's path).
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORGOT_PASSWORD_ANSWER } from "../src/auth/email-routes.js";
import {
  ADMIN_EMAIL,
  Client,
  DATABASES,
  PASSWORD,
  mailedToken,
  registerUser,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from "./support/test-app.js";

const NEW_PASSWORD = "silver moths over the marsh";

describe.each(DATABASES)("verified email and password reset on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  const outbox = async () =>
    (await new Client(server).get("/api/test/outbox")).body as {
      to: string;
      subject: string;
      text: string;
      html: string;
      sentAt: string;
    }[];

  it("does not make whoever registers an ADMIN_EMAILS address first an admin; its holder's verification does (finding 1)", async () => {
    const owner = await registerUser(server, { email: ADMIN_EMAIL, verifyEmail: false });
    expect(owner.user).toMatchObject({ role: "user", emailVerified: false });
    // Signing in again does not promote an unverified address either.
    const again = await new Client(server).post("/api/auth/login", {
      email: ADMIN_EMAIL,
      password: PASSWORD,
    });
    expect(again.body.role).toBe("user");
    expect((await owner.client.get("/api/admin/stats")).status).toBe(403);

    const mail = (await outbox()).filter((m) => m.to === ADMIN_EMAIL).at(-1)!;
    expect(mail.subject).toBe("Confirm your email for Realmheart");
    expect(mail.text).toContain(`${server.url}/verify-email?token=`);
    expect(mail.html).toContain("Confirm my email");
    const token = await mailedToken(server, ADMIN_EMAIL, "/verify-email");
    // The account's own session follows the link (the web page posts the token on load).
    const verified = await owner.client.post("/api/auth/verify-email", { token });
    expect(verified.body).toEqual({ email: ADMIN_EMAIL, emailVerified: true });
    expect((await owner.client.get("/api/auth/user")).body).toMatchObject({
      role: "admin",
      emailVerified: true,
    });
    const reused = await owner.client.post("/api/auth/verify-email", { token });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe("invalid_link");
  });

  it("expires a verification link after 24 hours, and sends a new one on request", async () => {
    const { client, user } = await registerUser(server, { verifyEmail: false });
    const stale = await mailedToken(server, user.email, "/verify-email");
    server.clock.advance(24 * 60 * 60_000 + 1000);
    await client.post("/api/auth/login", { email: user.email, password: PASSWORD });
    expect((await client.post("/api/auth/verify-email", { token: stale })).status).toBe(400);
    expect((await client.post("/api/auth/resend-verification")).body).toEqual({ sent: true });
    const fresh = await mailedToken(server, user.email, "/verify-email");
    expect(fresh).not.toBe(stale);
    expect((await client.post("/api/auth/verify-email", { token: fresh })).status).toBe(200);
    const already = await client.post("/api/auth/resend-verification");
    expect(already.status).toBe(409);
    expect(already.body.code).toBe("already_verified");
  });

  it("links 'Forgot password?' from the sign-in page", async () => {
    const page = await new Client(server).get("/api/login");
    expect(page.text).toContain('<a href="/forgot-password">Forgot password?</a>');
  });

  it("answers 202 alike for known and unknown addresses, mailing a link only to the account (finding 2)", async () => {
    const { user } = await registerUser(server);
    const unknown = uniqueEmail("nobody");
    const before = (await outbox()).length;
    for (const email of [user.email, unknown]) {
      const answer = await new Client(server).post("/api/auth/forgot-password", { email });
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual(FORGOT_PASSWORD_ANSWER);
    }
    const sent = (await outbox()).slice(before);
    expect(sent.map((m) => m.to)).toEqual([user.email]);
    expect(sent[0]!.subject).toBe("Reset your Realmheart password");
    expect(sent[0]!.text).toContain("/reset-password?token=");
  });

  it("resets the password once with the link, ends every other session and signs in", async () => {
    const email = uniqueEmail("forgetful");
    const { client: laptop } = await registerUser(server, { email });
    const phone = new Client(server);
    await phone.post("/api/auth/login", { email, password: PASSWORD });
    await new Client(server).post("/api/auth/forgot-password", { email });
    const token = await mailedToken(server, email, "/reset-password");

    const weak = await new Client(server).post("/api/auth/reset-password", {
      token,
      password: "password123",
    });
    expect(weak.status).toBe(400);
    const browser = new Client(server);
    const reset = await browser.post("/api/auth/reset-password", { token, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ email, emailVerified: true });
    expect((await browser.get("/api/auth/user")).status).toBe(200);
    expect((await laptop.get("/api/auth/user")).status).toBe(401);
    expect((await phone.get("/api/auth/user")).status).toBe(401);
    expect((await new Client(server).post("/api/auth/login", { email, password: PASSWORD })).status).toBe(
      401,
    );
    expect((await new Client(server).post("/api/auth/login", { email, password: NEW_PASSWORD })).status).toBe(
      200,
    );

    const again = await new Client(server).post("/api/auth/reset-password", {
      token,
      password: "another long phrase",
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("invalid_link");
  });

  it("expires a reset link after 30 minutes, and voids the older links once one is used", async () => {
    const email = uniqueEmail("slow");
    await registerUser(server, { email });
    await new Client(server).post("/api/auth/forgot-password", { email });
    const first = await mailedToken(server, email, "/reset-password");
    server.clock.advance(31 * 60_000);
    expect(
      (await new Client(server).post("/api/auth/reset-password", { token: first, password: NEW_PASSWORD }))
        .status,
    ).toBe(400);
    await new Client(server).post("/api/auth/forgot-password", { email });
    const second = await mailedToken(server, email, "/reset-password");
    await new Client(server).post("/api/auth/forgot-password", { email });
    const third = await mailedToken(server, email, "/reset-password");
    expect(
      (await new Client(server).post("/api/auth/reset-password", { token: third, password: NEW_PASSWORD }))
        .status,
    ).toBe(200);
    expect(
      (await new Client(server).post("/api/auth/reset-password", { token: second, password: NEW_PASSWORD }))
        .status,
    ).toBe(400);
  });
});

describe.each(DATABASES)("forgot-password limits on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it("limits reset mails per address: the sixth request in an hour is 429, and no sixth mail goes out", async () => {
    const { user } = await registerUser(server);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await new Client(server).post("/api/auth/forgot-password", { email: user.email })).status,
      );
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const outbox = (await new Client(server).get("/api/test/outbox")).body as {
      to: string;
      subject: string;
    }[];
    expect(outbox.filter((m) => m.to === user.email && m.subject.startsWith("Reset"))).toHaveLength(5);
  });
});

describe.each(DATABASES)("mail over SMTP on %s", (kind) => {
  let smtp: SMTPServer;
  let server: TestApp;
  const received: { to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    const { port } = smtp.server.address() as { port: number };
    server = await startTestApp(kind, {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Realmheart <hello@realmheart.test>" },
    });
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it("delivers the verification mail with its link through nodemailer", async () => {
    const email = uniqueEmail("smtp");
    const answer = await new Client(server).post("/api/auth/register", {
      email,
      password: PASSWORD,
      firstName: "Smtp",
      lastName: "Relay",
    });
    expect(answer.status).toBe(201);
    await expect.poll(() => received.filter((m) => m.to.includes(email)).length, { timeout: 10_000 }).toBe(1);
    const raw = received.find((m) => m.to.includes(email))!.raw;
    expect(raw).toContain("Subject: Confirm your email for Realmheart");
    expect(raw).toContain("From: Realmheart <hello@realmheart.test>");
    const token = await mailedToken(server, email, "/verify-email");
    // The text part is quoted-printable: soft line breaks and "=3D" for "=".
    expect(raw.replace(/=\r?\n/g, "").replaceAll("=3D", "=")).toContain(`/verify-email?token=${token}`);
  });
});
