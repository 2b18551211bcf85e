import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARCHETYPE_VALUES } from "../src/characters/archetypes.js";
import { Client, DATABASES, startTestApp, type TestApp } from "./support/test-app.js";

describe.each(DATABASES)("characters on %s", (kind) => {
  let server: TestApp;
  let characters: any[];
  beforeAll(async () => {
    server = await startTestApp(kind);
    characters = (await new Client(server).get("/api/characters")).body;
  });
  afterAll(() => server.close());

  it("seeds at least 12 characters with every field the client shows", () => {
    expect(characters.length).toBeGreaterThanOrEqual(12);
    for (const c of characters) {
      expect(Object.keys(c).sort()).toEqual(
        [
          "archetype",
          "avatarUrl",
          "description",
          "greeting",
          "id",
          "name",
          "premium",
          "tags",
          "title",
        ].sort(),
      );
      expect(c.name).not.toBe("");
      expect(c.title).not.toBe("");
      expect(c.description.length).toBeGreaterThan(40);
      expect(c.greeting.length).toBeGreaterThan(10);
      expect(c.tags.length).toBeGreaterThanOrEqual(3);
      expect(c.avatarUrl).toBe(`/characters/${c.id}.svg`);
    }
    expect(new Set(characters.map((c) => c.id)).size).toBe(characters.length);
  });

  it("spreads them over the six archetypes, at least two each, the first six covering all of them", () => {
    for (const archetype of ARCHETYPE_VALUES) {
      expect(characters.filter((c) => c.archetype === archetype).length, archetype).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(characters.slice(0, 6).map((c) => c.archetype)).size).toBe(6);
  });

  it("marks a few as exclusive premium characters, none of them among the first four", () => {
    const premium = characters.filter((c) => c.premium);
    expect(premium.length).toBeGreaterThanOrEqual(3);
    expect(premium.length).toBeLessThan(characters.length / 2);
    expect(characters.slice(0, 4).every((c) => !c.premium)).toBe(true);
  });

  it("ships a distinct SVG portrait for every character", async () => {
    const client = new Client(server);
    const portraits = new Set<string>();
    for (const c of characters) {
      const answer = await client.get(c.avatarUrl);
      expect(answer.status, c.avatarUrl).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/svg+xml");
      expect(answer.text).toContain(`Portrait of ${c.name}`);
      expect(answer.text).not.toMatch(/<script|on\w+=/i);
      portraits.add(answer.text.replaceAll(c.id, "").replaceAll(c.name, ""));
    }
    expect(portraits.size).toBe(characters.length);
  });

  it("answers one character by id, and a JSON 404 for an unknown id", async () => {
    const client = new Client(server);
    const first = characters[0];
    expect((await client.get(`/api/characters/${first.id}`)).body).toEqual(first);
    const missing = await client.get("/api/characters/nobody-at-all");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Character not found", code: "not_found" });
  });
});
