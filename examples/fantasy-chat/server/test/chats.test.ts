import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DATABASES,
  createChat,
  registerUser,
  startTestApp,
  verifiedUser,
  type TestApp,
} from "./support/test-app.js";

describe.each(DATABASES)("chats on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it("creates a chat with a character and a null title (201)", async () => {
    const { client } = await verifiedUser(server);
    const answer = await client.post("/api/chats", { characterId: "riven-ashe", title: null });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      characterId: "riven-ashe",
      title: null,
      lastMessageAt: null,
      createdAt: server.clock.now().toISOString(),
    });
    expect((await client.get(`/api/chats/${answer.body.id}`)).body).toEqual(answer.body);
    expect((await client.get(`/api/chats/${answer.body.id}/messages`)).body).toEqual([]);
  });

  it("refuses an unknown or missing character with a field message, and users who did not confirm their age", async () => {
    const { client } = await verifiedUser(server);
    const unknown = await client.post("/api/chats", { characterId: "nobody", title: null });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      message: "Unknown character",
      code: "validation_error",
      fields: { characterId: "Unknown character" },
    });
    expect((await client.post("/api/chats", { title: null })).body.fields.characterId).toBe(
      "Choose a character",
    );

    const unverified = await registerUser(server);
    const refused = await unverified.client.post("/api/chats", { characterId: "riven-ashe", title: null });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: "Forbidden", code: "age_not_verified" });
  });

  it("lists only the user's chats, newest activity first", async () => {
    const { client } = await verifiedUser(server);
    const other = await verifiedUser(server);
    await createChat(other.client);
    const older = await createChat(client, "kaelen-nightthorn");
    server.clock.advance(60_000);
    const newer = await createChat(client, "aeron-stormwing");
    server.clock.advance(60_000);
    expect((await client.get("/api/chats")).body.map((c: any) => c.id)).toEqual([newer, older]);

    await client.post(`/api/chats/${older}/messages`, { content: "Hello again" });
    const chats = (await client.get("/api/chats")).body;
    expect(chats.map((c: any) => c.id)).toEqual([older, newer]);
    expect(chats[0]).toMatchObject({ title: "Hello again", lastMessageAt: server.clock.now().toISOString() });
  });

  it("lists messages in the order they were written, user then character", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    await client.post(`/api/chats/${chatId}/messages`, { content: "First" });
    await client.post(`/api/chats/${chatId}/messages`, { content: "Second" });
    const messages = (await client.get(`/api/chats/${chatId}/messages`)).body;
    expect(messages.map((m: any) => m.role)).toEqual(["user", "character", "user", "character"]);
    expect(messages[0]).toEqual({
      id: expect.any(String),
      chatId,
      role: "user",
      content: "First",
      createdAt: server.clock.now().toISOString(),
      editedAt: null,
      versionIndex: 0,
      versionCount: 1,
    });
    expect(messages[2].content).toBe("Second");
  });

  it("hides other people's chats and malformed ids behind a 404", async () => {
    const owner = await verifiedUser(server);
    const stranger = await verifiedUser(server);
    const chatId = await createChat(owner.client);
    for (const path of [`/api/chats/${chatId}`, `/api/chats/${chatId}/messages`, "/api/chats/not-a-uuid"]) {
      const answer = await stranger.client.get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual({ message: "Chat not found", code: "not_found" });
    }
    const send = await stranger.client.post(`/api/chats/${chatId}/messages`, { content: "Let me in" });
    expect(send.status).toBe(404);
    expect((await owner.client.get(`/api/chats/${chatId}/messages`)).body).toEqual([]);
  });
});
