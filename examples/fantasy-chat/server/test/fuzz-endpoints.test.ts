// Property-based fuzzing of every JSON endpoint under /api with fast-check: hostile bodies (wrong types, missing
// fields, prototype-pollution keys at any depth, malformed JSON, wrong content types, huge bodies) and hostile path
// ids always get a 4xx `{ message, code? }` JSON answer, never a 5xx or a hang, and write nothing; hostile strings
// that a schema could accept (NUL, lone surrogates, huge unicode) never reach the database as a 500; and
// Object.prototype stays clean. Requests go through app.inject() for speed; the full count runs on PGlite.
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isStorableText } from "../src/http/validate.js";
import { paystackSignature } from "../src/payments/paystack-webhook-routes.js";
import { FakePaystack } from "./support/fake-paystack.js";
import { changedTables, snapshotTables } from "./support/table-snapshot.js";
import {
  ADMIN_EMAIL,
  DATABASES,
  createChat,
  parseEvents,
  registerUser,
  startTestApp,
  verifiedUser,
  type Client,
  type DatabaseKind,
  type TestApp,
} from "./support/test-app.js";
import { hostileString, type Body, type Json } from "../../../billing-server/test/support/hostile-input.js";

/** Cases per property: 11,200 in all on PGlite (the refusal property alone 10,000), 1,300 on PostgreSQL. */
const RUNS: Record<DatabaseKind, { refusal: number; paths: number; strings: number }> = {
  pglite: { refusal: 10_000, paths: 600, strings: 600 },
  postgres: { refusal: 1_000, paths: 150, strings: 150 },
};
const WEBHOOK_SECRET = "fuzz-webhook-secret-0123456789";

type Who = "anonymous" | "user" | "admin";
type Method = "POST" | "PUT" | "PATCH" | "DELETE";

// ---------------------------------------------------------------------------------------------------------
// Generators

const anyJson = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;

type FieldType = "string" | "number" | "array";
const WRONG: Record<FieldType, fc.Arbitrary<Json>> = {
  string: fc.oneof(anyJson, fc.integer(), fc.boolean()).filter((v) => typeof v !== "string"),
  number: fc.oneof(anyJson, hostileString).filter((v) => typeof v !== "number"),
  array: fc.oneof(anyJson, hostileString).filter((v) => !Array.isArray(v)),
};
/** Over the API's 1 MiB body limit once UTF-8 encoded (the card import allows 10 MiB: it gets a wrong card). */
const HUGE = "é".repeat(600_000);
const POISON_KEYS = ["__proto__", "constructor"];

// ---------------------------------------------------------------------------------------------------------
// The endpoints

interface Endpoint {
  method: Method;
  /** Built once the fixtures exist. */
  path: () => string;
  who: Who;
  /** A body the schema accepts; absent for endpoints that read no body. */
  valid?: () => Body;
  /** Fields whose absence or wrong type is refused. */
  required?: Record<string, FieldType>;
  /** Authenticated by signature instead of a cookie. */
  webhook?: boolean;
}

const fixtures = { chatId: "", userMessageId: "", replyMessageId: "" };
const LONG_BACKSTORY =
  "Raised by the wolves of the northern marches, I learned to read the stars and the snow.";

const ENDPOINTS: Endpoint[] = [
  {
    method: "POST",
    path: () => "/api/auth/register",
    who: "anonymous",
    valid: () => ({
      email: "fuzz@realmheart.test",
      password: "dragonfire-42",
      firstName: "Ysolde",
      lastName: "Marrow",
    }),
    required: { email: "string", password: "string", firstName: "string", lastName: "string" },
  },
  {
    method: "POST",
    path: () => "/api/auth/login",
    who: "anonymous",
    valid: () => ({ email: "fuzz@realmheart.test", password: "dragonfire-42" }),
    required: { email: "string", password: "string" },
  },
  { method: "POST", path: () => "/api/auth/verify-age", who: "user" },
  {
    method: "POST",
    path: () => "/api/chats",
    who: "user",
    valid: () => ({ characterId: "kaelen-nightthorn", title: null }),
    required: { characterId: "string" },
  },
  {
    method: "POST",
    path: () => `/api/chats/${fixtures.chatId}/messages`,
    who: "user",
    valid: () => ({ content: "Hello" }),
    required: { content: "string" },
  },
  {
    method: "POST",
    path: () => `/api/chats/${fixtures.chatId}/messages/${fixtures.replyMessageId}/regenerate`,
    who: "user",
  },
  {
    method: "PATCH",
    path: () => `/api/chats/${fixtures.chatId}/messages/${fixtures.userMessageId}`,
    who: "user",
    valid: () => ({ content: "Hello again" }),
    required: { content: "string" },
  },
  {
    method: "PUT",
    path: () => `/api/chats/${fixtures.chatId}/messages/${fixtures.replyMessageId}/version`,
    who: "user",
    valid: () => ({ index: 0 }),
    required: { index: "number" },
  },
  {
    method: "DELETE",
    path: () => `/api/chats/${fixtures.chatId}/messages/${fixtures.userMessageId}`,
    who: "user",
  },
  {
    method: "PUT",
    path: () => "/api/profile",
    who: "user",
    valid: () => ({
      preferredName: "Ysolde",
      favoriteArchetype: null,
      backstory: LONG_BACKSTORY,
      personalityTraits: ["Brave"],
    }),
    required: { preferredName: "string", backstory: "string", personalityTraits: "array" },
  },
  {
    method: "POST",
    path: () => "/api/admin/users/00000000-0000-4000-8000-000000000000/role",
    who: "admin",
    valid: () => ({ role: "admin" }),
    required: { role: "string" },
  },
  {
    method: "POST",
    path: () => "/api/admin/characters/import",
    who: "admin",
    valid: () => ({ spec: "chara_card_v2", spec_version: "2.0" }),
    required: { spec: "string" },
  },
  {
    method: "POST",
    path: () => "/api/initialize-payment",
    who: "user",
    valid: () => ({ amount: 9900, email: "fuzz@realmheart.test" }),
    required: { amount: "number", email: "string" },
  },
  {
    method: "POST",
    path: () => "/api/verify-payment",
    who: "user",
    valid: () => ({ reference: "ref-0001" }),
    required: { reference: "string" },
  },
  {
    method: "POST",
    path: () => "/api/setup-trial",
    who: "user",
    valid: () => ({ email: "fuzz@realmheart.test", firstName: "Ysolde", lastName: "Marrow" }),
    required: { email: "string", firstName: "string", lastName: "string" },
  },
  {
    method: "POST",
    path: () => "/api/trial/complete",
    who: "user",
    valid: () => ({ reference: "ref-0001" }),
    required: { reference: "string" },
  },
  { method: "POST", path: () => "/api/webhooks/billing", who: "anonymous", webhook: true },
  { method: "POST", path: () => "/api/webhooks/paystack", who: "anonymous", webhook: true },
  {
    method: "POST",
    path: () => "/api/test/clock",
    who: "anonymous",
    valid: () => ({ advanceMs: 0 }),
    required: { advanceMs: "number" },
  },
  { method: "POST", path: () => "/api/test/renewals", who: "anonymous" },
];

// ---------------------------------------------------------------------------------------------------------
// Hostile requests that every endpoint must refuse

interface Sent {
  endpoint: Endpoint;
  contentType: string;
  payload: string;
  headers?: Record<string, string>;
}

/** Puts `"<poison>": {…}` at a random depth of `body` (JSON.stringify would drop an own `__proto__` key). */
function poisoned(body: Body, key: string, depth: number): string {
  let member = `"${key}":{"polluted":"yes","prototype":{"polluted":"yes"}}`;
  for (let i = 0; i < depth; i++) member = `"a":{${member}}`;
  const rest = JSON.stringify(body).slice(1, -1);
  return `{${rest}${rest ? "," : ""}${member}}`;
}

/** Parse-level faults: refused before any route runs (webhooks: refused for want of a signature). */
const parseFault = (endpoint: Endpoint): fc.Arbitrary<Sent> => {
  const json = "application/json";
  const base = endpoint.valid?.() ?? {};
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...POISON_KEYS), fc.nat({ max: 4 }))
      .map(([key, depth]) => ({ endpoint, contentType: json, payload: poisoned(base, key, depth) })),
    fc
      .constantFrom("{", "{'a':1}", '{"a":}', "[1,", "nul", "{}}", '"\\ud800', "\u0000", '{"a":1,}')
      .map((payload) => ({ endpoint, contentType: json, payload })),
    // Fastify reads text/plain as a string: refused by every schema, ignored by routes that read no body.
    fc
      .constantFrom(
        ...(endpoint.valid ? ["text/plain"] : []),
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "text/html",
      )
      .map((contentType) => ({ endpoint, contentType, payload: JSON.stringify(base) })),
    fc.constant({ endpoint, contentType: json, payload: JSON.stringify({ ...base, pad: HUGE }) }),
  );
};

/** Schema faults: a required field missing or of the wrong type, the others valid, plus extra hostile fields. */
const schemaFault = (endpoint: Endpoint): fc.Arbitrary<Sent> => {
  const required = Object.entries(endpoint.required ?? {});
  const valid = endpoint.valid?.() ?? {};
  const extras = fc.dictionary(
    hostileString.filter((k) => !POISON_KEYS.includes(k)),
    anyJson,
    { maxKeys: 3 },
  );
  const body: fc.Arbitrary<Json> = fc.oneof(
    fc.tuple(fc.constantFrom(...required), extras, fc.boolean()).chain(([[name, type], extra, drop]) =>
      (drop ? fc.constant(undefined) : WRONG[type]).map((value) => {
        const out: Body = { ...extra, ...valid };
        if (value === undefined) delete out[name];
        else out[name] = value;
        return out;
      }),
    ),
    // A JSON root that is not an object.
    fc.oneof(
      fc.array(anyJson, { maxLength: 3 }),
      hostileString,
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
    ),
  );
  return body.map((b) => ({ endpoint, contentType: "application/json", payload: JSON.stringify(b) }));
};

/** Unsigned or wrongly signed webhook deliveries. */
const webhookFault = (endpoint: Endpoint): fc.Arbitrary<Sent> =>
  fc
    .tuple(
      anyJson,
      fc.option(
        fc.oneof(
          hostileString.map(encodeHeader),
          fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), maxLength: 128 }),
        ),
      ),
    )
    .map(([body, signature]) => {
      const headers: Record<string, string> = {};
      if (signature !== null) {
        headers["x-paystack-signature"] = signature;
        headers["x-webhook-signature"] = signature;
        headers.authorization = `Bearer ${signature}`;
      }
      return { endpoint, contentType: "application/json", payload: JSON.stringify(body), headers };
    });

/** A header value: HTTP headers carry visible ASCII only. */
function encodeHeader(text: string): string {
  return text.replace(/[^\x21-\x7e]/g, "x");
}

const refusedRequest: fc.Arbitrary<Sent> = fc.oneof(
  ...ENDPOINTS.map((endpoint) =>
    endpoint.webhook
      ? fc.oneof(parseFault(endpoint), webhookFault(endpoint))
      : endpoint.required
        ? fc.oneof(parseFault(endpoint), schemaFault(endpoint))
        : parseFault(endpoint),
  ),
);

// ---------------------------------------------------------------------------------------------------------
// Checks

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort().join();

function expectPrototypeClean() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort().join()).toBe(PROTOTYPE_NAMES);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

function expectClientError(response: LightMyRequestResponse, what: string) {
  const where = `${what} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, where).toBeLessThan(500);
  expect(response.headers["content-type"], where).toMatch(/^application\/json/);
  const body = response.json();
  expect(typeof body.message, where).toBe("string");
  expect(body.code === undefined || typeof body.code === "string", where).toBe(true);
}

const cookieOf = (client: Client) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

describe.each(DATABASES)("fuzzing every JSON endpoint (%s)", (kind) => {
  let server: TestApp;
  const cookies: Record<Who, string | undefined> = {
    anonymous: undefined,
    user: undefined,
    admin: undefined,
  };
  let total = 0;
  let paystack: FakePaystack;

  beforeAll(async () => {
    paystack = await FakePaystack.start();
    server = await startTestApp(kind, {
      env: {
        PAYSTACK_SECRET_KEY: paystack.secretKey,
        PAYSTACK_BASE_URL: paystack.url,
        BILLING_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    });
    const { client } = await verifiedUser(server);
    cookies.user = cookieOf(client);
    cookies.admin = cookieOf((await registerUser(server, { email: ADMIN_EMAIL })).client);
    fixtures.chatId = await createChat(client);
    const sent = await client.request("POST", `/api/chats/${fixtures.chatId}/messages`, {
      body: { content: "Greetings, traveller" },
      headers: { accept: "text/event-stream" },
    });
    expect(parseEvents(sent.text).at(-1)?.event).toBe("done");
    const messages = await client.get(`/api/chats/${fixtures.chatId}/messages`);
    const list = messages.body as Array<{ id: string; role: string }>;
    fixtures.userMessageId = list.find((m) => m.role === "user")!.id;
    fixtures.replyMessageId = list.find((m) => m.role !== "user")!.id;
  });

  afterAll(async () => {
    const { refusal, paths, strings } = RUNS[kind];
    expect(total).toBe(refusal + paths + strings);
    await server?.close();
    await paystack?.close();
  });

  const send = (endpoint: Endpoint, path: string, sent: Omit<Sent, "endpoint">) =>
    server.app.inject({
      method: endpoint.method,
      url: path,
      headers: {
        "content-type": sent.contentType,
        ...(cookies[endpoint.who] ? { cookie: cookies[endpoint.who] } : {}),
        ...sent.headers,
      },
      payload: sent.payload,
    });

  it("refuses hostile bodies on every endpoint with a 4xx JSON error, writing nothing", async () => {
    const before = await snapshotTables(server.database);
    await fc.assert(
      fc.asyncProperty(refusedRequest, async (sent) => {
        total += 1;
        const response = await send(sent.endpoint, sent.endpoint.path(), sent);
        expectClientError(
          response,
          `${sent.endpoint.method} ${sent.endpoint.path()} ${sent.payload.slice(0, 200)}`,
        );
        expectPrototypeClean();
      }),
      { numRuns: RUNS[kind].refusal },
    );
    expect(changedTables(before, await snapshotTables(server.database))).toEqual([]);
  }, 120_000);

  it("answers hostile path ids with a 4xx JSON error on every route that takes one, writing nothing", async () => {
    const withIds = ENDPOINTS.filter(
      (e) => e.path().includes(fixtures.chatId) || e.path().includes("/users/"),
    );
    const hostileId = fc.oneof(
      hostileString
        .filter((s) => s.length > 0)
        .map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, "x"))),
      fc.uuid(),
      fc.constantFrom("%", "%zz", "%ED%A0%80", "%00", "..", "%2e%2e", "%C0%AF", "%FF"),
    );
    const before = await snapshotTables(server.database);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...withIds),
        hostileId,
        fc.boolean(),
        async (endpoint, id, replaceChat) => {
          total += 1;
          const own = endpoint.path();
          const messageRoute = own.includes(fixtures.userMessageId) || own.includes(fixtures.replyMessageId);
          const path = own
            .replace(replaceChat || !messageRoute ? fixtures.chatId : "\u0000", id)
            .replace(fixtures.userMessageId, id)
            .replace(fixtures.replyMessageId, id)
            .replace("00000000-0000-4000-8000-000000000000", id);
          const response = await send(endpoint, path, {
            contentType: "application/json",
            payload: JSON.stringify(endpoint.valid?.() ?? {}),
          });
          expectClientError(response, `${endpoint.method} ${path}`);
        },
      ),
      { numRuns: RUNS[kind].paths },
    );
    expect(changedTables(before, await snapshotTables(server.database))).toEqual([]);
  }, 120_000);

  it("never answers 5xx to hostile strings in text fields (NUL and lone surrogates are refused with 400)", async () => {
    const textFields = ENDPOINTS.flatMap((endpoint) =>
      Object.entries(endpoint.required ?? {})
        .filter(([, type]) => type === "string")
        .map(([field]) => ({ endpoint, field })),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...textFields), hostileString, async ({ endpoint, field }, text) => {
        total += 1;
        // Keep fields that a success would consume unique, so an accepted case cannot collide with the next.
        const response = await send(endpoint, endpoint.path(), {
          contentType: "application/json",
          payload: JSON.stringify({ ...endpoint.valid!(), [field]: text }),
        });
        const where = `${endpoint.method} ${endpoint.path()} ${field}=${JSON.stringify(text).slice(0, 80)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (!isStorableText(text)) expect(response.statusCode, where).toBe(400);
      }),
      { numRuns: RUNS[kind].strings },
    );
  }, 120_000);

  it("answers payment callbacks and sandbox pages whose reference holds NUL as it does an unknown one, not 500", async () => {
    const sandbox = await startTestApp(kind);
    try {
      for (const url of [
        "/payment/callback?reference=a%00b",
        "/trial-setup/callback?trxref=%ED%A0%80",
        "/sandbox/authorize/a%00b",
      ]) {
        const response = await sandbox.app.inject({ method: "GET", url });
        expect(response.statusCode, `${url} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
      }
      const decided = await sandbox.app.inject({
        method: "POST",
        url: "/sandbox/authorize/a%00b",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "decision=approve",
      });
      expect(decided.statusCode).toBe(404);
    } finally {
      await sandbox.close();
    }
  });

  it("refuses a signed Paystack webhook whose reference holds NUL or a lone surrogate with 400, not 500", async () => {
    for (const reference of ["ref\u0000x", "ref\ud800x"]) {
      const payload = JSON.stringify({
        event: "charge.success",
        data: { reference, status: "success", amount: 9900, currency: "ZAR" },
      });
      const response = await server.app.inject({
        method: "POST",
        url: "/api/webhooks/paystack",
        headers: {
          "content-type": "application/json",
          "x-paystack-signature": paystackSignature(payload, paystack.secretKey),
        },
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
    }
  });

  it("keeps Object.prototype free of anything a request sent", () => {
    expectPrototypeClean();
  });
});
