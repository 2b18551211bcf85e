import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONALITY_TRAITS } from "../src/characters/archetypes.js";
import { Client, DATABASES, registerUser, startTestApp, type TestApp } from "./support/test-app.js";

const valid = {
  preferredName: "Wren",
  favoriteArchetype: "dragon_rider",
  backstory: "A cartographer from the southern isles who maps places that should not exist.",
  personalityTraits: ["curious", "brave"],
};

describe.each(DATABASES)("the character profile on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it("starts with the first name as preferred name and nothing else", async () => {
    const { client } = await registerUser(server, { firstName: "Ysolde" });
    expect((await client.get("/api/profile")).body).toEqual({
      preferredName: "Ysolde",
      favoriteArchetype: null,
      backstory: "",
      personalityTraits: [],
    });
  });

  it("saves a valid profile and reads it back", async () => {
    const { client } = await registerUser(server);
    const saved = await client.put("/api/profile", valid);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(valid);
    expect((await client.get("/api/profile")).body).toEqual(valid);
    const cleared = await client.put("/api/profile", { ...valid, favoriteArchetype: "" });
    expect(cleared.body.favoriteArchetype).toBeNull();
    const omitted = await client.put("/api/profile", { ...valid, favoriteArchetype: undefined });
    expect(omitted.body.favoriteArchetype).toBeNull();
  });

  it("accepts the limits themselves: 1 and 50 name characters, 50 and 1000 backstory characters, 1 and 6 traits", async () => {
    const { client } = await registerUser(server);
    for (const profile of [
      { ...valid, preferredName: "W", backstory: "b".repeat(50), personalityTraits: ["loyal"] },
      {
        ...valid,
        preferredName: "n".repeat(50),
        backstory: "b".repeat(1000),
        personalityTraits: PERSONALITY_TRAITS.slice(0, 6),
      },
    ]) {
      expect((await client.put("/api/profile", profile)).status).toBe(200);
    }
  });

  const rules: Array<[string, Record<string, unknown>, string, string]> = [
    ["an empty preferred name", { preferredName: "" }, "preferredName", "Preferred name is required"],
    ["a blank preferred name", { preferredName: "   " }, "preferredName", "Preferred name is required"],
    ["a missing preferred name", { preferredName: undefined }, "preferredName", "Preferred name is required"],
    [
      "a preferred name over 50 characters",
      { preferredName: "n".repeat(51) },
      "preferredName",
      "Too big: expected string to have <=50 characters",
    ],
    [
      "a backstory under 50 characters",
      { backstory: "b".repeat(49) },
      "backstory",
      "Please provide at least 50 characters for your backstory",
    ],
    [
      "a missing backstory",
      { backstory: undefined },
      "backstory",
      "Please provide at least 50 characters for your backstory",
    ],
    [
      "a backstory over 1000 characters",
      { backstory: "b".repeat(1001) },
      "backstory",
      "Too big: expected string to have <=1000 characters",
    ],
    [
      "no personality traits",
      { personalityTraits: [] },
      "personalityTraits",
      "Please select at least one personality trait",
    ],
    [
      "missing personality traits",
      { personalityTraits: undefined },
      "personalityTraits",
      "Please select at least one personality trait",
    ],
    [
      "more than 6 traits",
      { personalityTraits: PERSONALITY_TRAITS.slice(0, 7) },
      "personalityTraits",
      "Please select no more than 6 traits",
    ],
    [
      "a trait not on the list",
      { personalityTraits: ["brave", "evil"] },
      "personalityTraits",
      "Choose personality traits from the list",
    ],
    [
      "a trait chosen twice",
      { personalityTraits: ["brave", "brave"] },
      "personalityTraits",
      "Each personality trait can be selected only once",
    ],
    [
      "an archetype not on the list",
      { favoriteArchetype: "necromancer" },
      "favoriteArchetype",
      "Choose one of the listed character types",
    ],
  ];

  it.each(rules)("rejects %s with its message, changing nothing", async (_name, change, field, message) => {
    const { client } = await registerUser(server);
    await client.put("/api/profile", valid);
    const answer = await client.put("/api/profile", { ...valid, ...change });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, code: "validation_error", fields: { [field]: message } });
    expect((await client.get("/api/profile")).body).toEqual(valid);
  });

  it("answers 401 when signed out", async () => {
    const anonymous = new Client(server);
    expect((await anonymous.get("/api/profile")).status).toBe(401);
    expect((await anonymous.put("/api/profile", valid)).status).toBe(401);
  });
});
