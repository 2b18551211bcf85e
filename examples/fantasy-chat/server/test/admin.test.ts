import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_EMAIL,
  type Client,
  DATABASES,
  createChat,
  registerUser,
  setSubscription,
  startTestApp,
  verifiedUser,
  type TestApp,
} from "./support/test-app.js";

const DAY = 24 * 60 * 60_000;

describe.each(DATABASES)("the admin dashboard on %s", (kind) => {
  let server: TestApp;
  let admin: Client;
  let adminId: string;
  beforeAll(async () => {
    server = await startTestApp(kind);
    const registered = await registerUser(server, { email: ADMIN_EMAIL, firstName: "Keeper" });
    admin = registered.client;
    adminId = registered.user.id;
  });
  afterAll(() => server.close());

  it("counts users by subscription status, chats and messages", async () => {
    const now = server.clock.now().getTime();
    const active = await verifiedUser(server);
    await setSubscription(server, active.user.id, { subscriptionStatus: "active" });
    const expired = await registerUser(server);
    await setSubscription(server, expired.user.id, { trialEndDate: new Date(now - DAY) });
    const trial = await verifiedUser(server);
    await setSubscription(server, trial.user.id, { trialEndDate: new Date(now + 6 * DAY) });
    const chatId = await createChat(trial.client);
    await trial.client.post(`/api/chats/${chatId}/messages`, { content: "Hello" });
    await createChat(active.client);

    const stats = await admin.get("/api/admin/stats");
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      totalUsers: 4,
      activeSubscriptions: 1,
      trialUsers: 2,
      totalChats: 2,
      totalMessages: 2,
    });
  });

  it("lists every user with the dashboard's fields, expired trials shown as expired", async () => {
    const answer = await admin.get("/api/admin/users");
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(4);
    for (const user of answer.body) {
      expect(Object.keys(user).sort()).toEqual(
        ["createdAt", "email", "firstName", "id", "lastName", "role", "subscriptionStatus"].sort(),
      );
    }
    expect(answer.body.map((u: any) => u.subscriptionStatus).sort()).toEqual([
      "active",
      "expired",
      "trial",
      "trial",
    ]);
    expect(answer.body.find((u: any) => u.id === adminId)).toMatchObject({
      email: ADMIN_EMAIL,
      role: "admin",
    });
  });

  it("changes roles between user and admin, and the new role applies at once", async () => {
    const { client, user } = await registerUser(server);
    expect((await client.get("/api/admin/stats")).status).toBe(403);
    const promoted = await admin.post(`/api/admin/users/${user.id}/role`, { role: "admin" });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toEqual({ id: user.id, role: "admin" });
    expect((await client.get("/api/admin/stats")).status).toBe(200);
    expect((await client.get("/api/auth/user")).body.role).toBe("admin");

    const demoted = await client.post(`/api/admin/users/${user.id}/role`, { role: "user" });
    expect(demoted.body).toEqual({ id: user.id, role: "user" });
    expect((await client.get("/api/admin/users")).status).toBe(403);
  });

  it("validates the role and the user id", async () => {
    const { user } = await registerUser(server);
    const bad = await admin.post(`/api/admin/users/${user.id}/role`, { role: "owner" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "validation_error", message: 'Role must be "user" or "admin"' });
    const unknown = await admin.post("/api/admin/users/00000000-0000-4000-8000-000000000000/role", {
      role: "admin",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "User not found", code: "not_found" });
    expect((await admin.post("/api/admin/users/nope/role", { role: "admin" })).status).toBe(404);
  });

  it("refuses to demote the last admin with 409", async () => {
    const answer = await admin.post(`/api/admin/users/${adminId}/role`, { role: "user" });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      message: "The last administrator cannot be demoted. Make another user an admin first.",
      code: "last_admin",
    });
    expect((await admin.get("/api/auth/user")).body.role).toBe("admin");
  });

  it("lets only one of two admins demoting each other at the same moment succeed", async () => {
    const second = await registerUser(server);
    await admin.post(`/api/admin/users/${second.user.id}/role`, { role: "admin" });
    const [a, b] = await Promise.all([
      admin.post(`/api/admin/users/${second.user.id}/role`, { role: "user" }),
      second.client.post(`/api/admin/users/${adminId}/role`, { role: "user" }),
    ]);
    // The loser is refused either as the last admin (409) or, if the winner committed before its role was
    // read, as no longer an admin (403); never do both succeed.
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const users = (await (a.status === 200 ? admin : second.client).get("/api/admin/users")).body;
    expect(users.filter((u: any) => u.role === "admin")).toHaveLength(1);
  });
});
