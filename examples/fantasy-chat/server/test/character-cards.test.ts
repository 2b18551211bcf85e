import { Buffer } from "node:buffer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  readPngChunks,
  readPngText,
  solidPng,
  withPngText,
  writePngChunks,
} from "../src/characters/png-chunks.js";
import {
  ADMIN_EMAIL,
  DATABASES,
  createChat,
  registerUser,
  startTestApp,
  verifiedUser,
  type Client,
  type TestApp,
} from "./support/test-app.js";
import { FOREIGN_CARD } from "./support/cards.js";

function pngCard(card: unknown, keyword = "chara"): Buffer {
  const encoded = Buffer.from(JSON.stringify(card), "utf8").toString("base64");
  return writePngChunks(withPngText(readPngChunks(solidPng(8, [200, 40, 40])), keyword, encoded));
}

async function postPng(client: Client, body: Buffer) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const response = await fetch(`${client.server.url}/api/admin/characters/import`, {
    method: "POST",
    headers: { cookie, "content-type": "image/png" },
    body,
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe.each(DATABASES)("Character Card V2 import and export on %s", (kind) => {
  let server: TestApp;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestApp(kind);
    admin = (await registerUser(server, { email: ADMIN_EMAIL })).client;
  });
  afterAll(() => server.close());

  it("imports a JSON card for an admin, with a generated portrait, and lists the character after the cast", async () => {
    const answer = await admin.post("/api/admin/characters/import", FOREIGN_CARD);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: "lyra-vale",
      name: "Lyra Vale",
      title: "Warm, reckless, fiercely loyal",
      description: FOREIGN_CARD.data.description,
      archetype: "loyal_dragon_rider",
      avatarUrl: "/api/characters/lyra-vale/portrait",
      tags: ["dragons", "loyal"],
      greeting: FOREIGN_CARD.data.first_mes,
      premium: false,
    });
    const list = (await admin.get("/api/characters")).body;
    expect(list.at(-1).id).toBe("lyra-vale");
    const portrait = await fetch(`${server.url}/api/characters/lyra-vale/portrait`);
    expect(portrait.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await portrait.text()).toContain(">LV</text>");

    // A second card with the same name gets its own id: an import never replaces a character.
    expect((await admin.post("/api/admin/characters/import", FOREIGN_CARD)).body.id).toBe("lyra-vale-2");
  });

  it("round-trips a card through import and export, keeping unknown fields and extensions", async () => {
    const card = { ...FOREIGN_CARD, data: { ...FOREIGN_CARD.data, name: "Round Trip" } };
    const { id } = (await admin.post("/api/admin/characters/import", card)).body;
    const exported = await admin.get(`/api/characters/${id}/card`);
    expect(exported.status).toBe(200);
    expect(exported.body.spec).toBe("chara_card_v2");
    expect(exported.body.spec_version).toBe("2.0");
    expect(exported.body.data).toMatchObject({ ...card.data, extensions: card.data.extensions });
    expect(exported.body.data.character_book).toEqual(card.data.character_book);

    const reimported = (await admin.post("/api/admin/characters/import", exported.body)).body;
    expect(reimported).toMatchObject({ name: "Round Trip", title: "Warm, reckless, fiercely loyal" });
    const again = (await admin.get(`/api/characters/${reimported.id}/card`)).body;
    expect(again).toEqual(exported.body);
  });

  it("imports a PNG card, serves its image as the portrait, and exports it as a PNG card", async () => {
    const card = { ...FOREIGN_CARD, data: { ...FOREIGN_CARD.data, name: "Png Rider" } };
    const png = pngCard(card);
    const answer = await postPng(admin, png);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ id: "png-rider", avatarUrl: "/api/characters/png-rider/portrait" });
    const portrait = await fetch(`${server.url}/api/characters/png-rider/portrait`);
    expect(portrait.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await portrait.arrayBuffer()).equals(png)).toBe(true);

    const exported = await fetch(`${server.url}/api/characters/png-rider/card?format=png`);
    expect(exported.headers.get("content-type")).toBe("image/png");
    const text = readPngText(readPngChunks(Buffer.from(await exported.arrayBuffer())), "chara");
    const data = JSON.parse(Buffer.from(text!, "base64").toString("utf8")).data;
    expect(data).toMatchObject({ ...card.data, extensions: card.data.extensions });
  });

  it("exports a seeded character as a card that imports back to the same character", async () => {
    const exported = await admin.get("/api/characters/kaelen-nightthorn/card");
    expect(exported.body.data).toMatchObject({
      name: "Kaelen Nightthorn",
      extensions: {
        realmheart: { title: "Lord of the Unseelie Court", archetype: "dark_fae_lord", premium: false },
      },
    });
    const seeded = (await admin.get("/api/characters/kaelen-nightthorn")).body;
    const imported = (await admin.post("/api/admin/characters/import", exported.body)).body;
    expect(imported).toEqual({
      ...seeded,
      id: "kaelen-nightthorn-2",
      avatarUrl: "/api/characters/kaelen-nightthorn-2/portrait",
    });
    const png = await fetch(`${server.url}/api/characters/kaelen-nightthorn/card?format=png`);
    expect(png.status).toBe(200);
    expect(readPngText(readPngChunks(Buffer.from(await png.arrayBuffer())), "chara")).not.toBeNull();
  });

  it("lets users chat with an imported character", async () => {
    const { id } = (
      await admin.post("/api/admin/characters/import", {
        ...FOREIGN_CARD,
        data: { ...FOREIGN_CARD.data, name: "Chatty Rider" },
      })
    ).body;
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client, id);
    const answer = await client.post(`/api/chats/${chatId}/messages`, { content: "Hello" });
    expect(answer.status).toBe(200);
    expect(answer.body.reply.content).toContain("Ysolde");
  });

  it("refuses non-admins, broken PNGs, PNGs without a card and cards that are not V2", async () => {
    const user = (await verifiedUser(server)).client;
    const refused = await user.post("/api/admin/characters/import", FOREIGN_CARD);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("admin_only");
    const anonymous = await fetch(`${server.url}/api/admin/characters/import`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(FOREIGN_CARD),
    });
    expect(anonymous.status).toBe(401);

    const noCard = await postPng(admin, pngCard(FOREIGN_CARD, "Comment"));
    expect(noCard).toEqual({
      status: 400,
      body: { message: 'The PNG has no character card (no "chara" text chunk)', code: "invalid_card" },
    });
    const damaged = pngCard(FOREIGN_CARD);
    damaged.writeUInt8(damaged.readUInt8(40) ^ 0xff, 40);
    const broken = await postPng(admin, damaged);
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe("invalid_card");
    expect((await postPng(admin, Buffer.from("not a png"))).body.message).toBe("The file is not a PNG image");

    const v1 = await admin.post("/api/admin/characters/import", { name: "Old", description: "V1 card" });
    expect(v1.status).toBe(400);
    expect(v1.body.code).toBe("validation_error");
    const crossSite = await admin.request("POST", "/api/admin/characters/import", {
      body: FOREIGN_CARD,
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect((await admin.get("/api/characters/nobody/card")).status).toBe(404);
    expect((await admin.get("/api/characters/kaelen-nightthorn/card?format=gif")).status).toBe(400);
  });
});
