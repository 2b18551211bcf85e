// Issue #19: the signed-in user is read once per session and reused for a few seconds; this process's own writes
// and sign-outs reach the cache at once, another process's after the TTL.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_CACHE_TTL_MS } from "../src/auth/session-store.js";
import { sessions, users } from "../src/db/schema.js";
import {
  ADMIN_EMAIL,
  Client,
  DATABASES,
  registerUser,
  startTestApp,
  type TestApp,
} from "./support/test-app.js";

describe.each(DATABASES)("the session cache on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind, { renewals: false });
  });
  afterAll(() => server.close());

  it("reuses the user for the TTL when the database changes behind its back, then reads it again", async () => {
    const { client, user } = await registerUser(server);
    expect((await client.get("/api/auth/user")).body.firstName).toBe("Ysolde");
    // Another process renames the user and ends the session, without this one hearing of it.
    await server.database.db.update(users).set({ firstName: "Elsewhere" }).where(eq(users.id, user.id));
    await server.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await client.get("/api/auth/user")).body.firstName).toBe("Ysolde");
    await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_TTL_MS + 100));
    expect((await client.get("/api/auth/user")).status).toBe(401);
  });

  it("sees this process's own changes at once: a role change, an age confirmation, a sign-out", async () => {
    const admin = (await registerUser(server, { email: ADMIN_EMAIL })).client;
    const { client, user } = await registerUser(server);
    expect((await client.get("/api/admin/stats")).status).toBe(403);
    expect((await admin.post(`/api/admin/users/${user.id}/role`, { role: "admin" })).status).toBe(200);
    expect((await client.get("/api/admin/stats")).status).toBe(200);
    expect((await client.post("/api/auth/verify-age")).status).toBe(200);
    expect((await client.get("/api/auth/user")).body.ageVerified).toBe(true);
    // The signed-out cookie, replayed at once, is refused: the cache forgot the session with it.
    const token = client.cookies.get("rh_session")!;
    await client.get("/api/logout");
    const replay = new Client(server);
    replay.cookies.set("rh_session", token);
    expect((await replay.get("/api/auth/user")).status).toBe(401);
  });
});
