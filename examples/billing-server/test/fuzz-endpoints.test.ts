// Property-based fuzzing of every JSON endpoint of the billing server with fast-check: hostile bodies,
// paths, queries and headers always get a 4xx `{ code, message }` answer (never a 5xx, never a hang) and
// write nothing; inputs an endpoint legitimately accepts are stored exactly as sent; Object.prototype stays
// clean. The full count runs on PGlite, a smaller one on PostgreSQL.
import fc from "fast-check";
import { and, eq } from "drizzle-orm";
import { createHmac, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  analyticsEvents,
  checkoutSessions,
  customerAttributes,
  customers,
  purchases,
} from "../src/db/schema.js";
import { KEYS } from "./support/catalogue.js";
import { hostileString, type Body, type Json } from "./support/hostile-input.js";
import { startBody, startCheckoutServer, type CheckoutServer } from "./support/checkout-server.js";
import { changedTables, snapshotTables, type TableSnapshot } from "./support/table-snapshot.js";
import { DATABASES, type DatabaseKind } from "./support/test-server.js";

const ADMIN_SECRET = "fuzz-admin-secret-0123456789";
/**
 * Cases per property: 8 refusal properties (no per-case table snapshot: one around the whole property) and 7
 * acceptance properties (a snapshot before and after every case), ≥ 10,000 in all on PGlite.
 */
const RUNS: Record<DatabaseKind, { refusal: number; acceptance: number }> = {
  pglite: {
    refusal: Number(process.env.FUZZ_REFUSAL ?? 1_120),
    acceptance: Number(process.env.FUZZ_ACCEPT ?? 150),
  },
  postgres: { refusal: 150, acceptance: 40 },
};
const MIN_TOTAL_CASES: Record<DatabaseKind, number> = { pglite: 10_000, postgres: 1_400 };

// ---------------------------------------------------------------------------------------------------------
// Generators (the hostile strings are shared with Realmheart's fuzzing)

/** Over Fastify's 1 MiB body limit once UTF-8 encoded. */
const HUGE_PADDING = "é".repeat(600_000);
const anyJson: fc.Arbitrary<Json> = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;
const isPlainObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);
const WRONG: Record<FieldType, fc.Arbitrary<Json>> = {
  // Finite doubles only: JSON turns NaN and ±Infinity into null, which nullable fields accept.
  string: fc
    .oneof(anyJson, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean())
    .filter((v) => typeof v !== "string"),
  number: fc.oneof(anyJson, hostileString).filter((v) => typeof v !== "number"),
  object: fc.oneof(anyJson, hostileString).filter((v) => !isPlainObject(v)),
  array: fc.oneof(anyJson, hostileString).filter((v) => !Array.isArray(v)),
};

type FieldType = "string" | "number" | "object" | "array";
interface Field {
  type: FieldType;
  nullable?: boolean;
  /** Required: deleting it must be refused. */
  required?: boolean;
}

/** A URL path segment: hostile text percent-encoded, or percent-garbage and traversal as-is. */
const pathSegment: fc.Arbitrary<string> = fc.oneof(
  hostileString.filter((s) => s.length > 0).map(encodeSegment),
  fc.constantFrom(
    "%",
    "%zz",
    "%E0%A4%A",
    "%ED%A0%80",
    "%C0%AF",
    "%00",
    "..",
    "%2e%2e",
    "%2F",
    "a%2Fb",
    "%FF",
  ),
);

function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate has no UTF-8 form: send its CESU-8 bytes, which no decoder accepts.
    return "%ED%A0%80";
  }
}

/** What `decodeURIComponent` gives for a segment the server accepted. */
function decodedSegment(segment: string): string {
  return decodeURIComponent(segment);
}

/** Query strings: repeated, hostile and prototype-named parameters. */
const hostileQuery: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          "id",
          "currency",
          "type",
          "__proto__",
          "constructor[prototype][polluted]",
          "id[]",
          "a[b]",
        ),
        hostileString.map(encodeSegment),
      ),
      fc.oneof(pathSegment, fc.constant("")),
    ),
    { maxLength: 6 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("&"));

// ---------------------------------------------------------------------------------------------------------
// Requests and the checks every answer must pass

interface Sent {
  method: "GET" | "POST";
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

interface Answer {
  status: number;
  body: any;
  contentType: string;
}

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort().join();
const PROTOTYPE_VALUES = Object.getOwnPropertyNames(Object.prototype).map(
  (n) => (Object.prototype as Record<string, unknown>)[n],
);

function expectPrototypeClean() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort().join()).toBe(PROTOTYPE_NAMES);
  Object.getOwnPropertyNames(Object.prototype).forEach((n, i) =>
    expect((Object.prototype as Record<string, unknown>)[n]).toBe(PROTOTYPE_VALUES[i]),
  );
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

function expectProtocolError(answer: Answer, sent: Sent) {
  const where = `${sent.method} ${sent.url.slice(0, 200)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
  expect(answer.status, where).toBeGreaterThanOrEqual(400);
  expect(answer.status, where).toBeLessThan(500);
  expect(answer.contentType, where).toMatch(/^application\/json/);
  expect(Number.isInteger(answer.body?.code), where).toBe(true);
  expect(answer.body.code, where).toBeGreaterThanOrEqual(7000);
  expect(answer.body.code, where).toBeLessThan(8000);
  expect(typeof answer.body.message, where).toBe("string");
  expect(answer.body.message.length, where).toBeGreaterThan(0);
}

/** The JSON a value becomes on the wire and back (what a jsonb column can give back). */
const wire = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

// ---------------------------------------------------------------------------------------------------------
// Body mutations

type Mutation =
  | { kind: "wrong_type"; path: string; value: Json }
  | { kind: "missing"; path: string }
  | { kind: "malformed"; cut: number }
  | { kind: "proto_key"; depth: string[]; value: Json }
  | { kind: "constructor_prototype"; depth: string[] }
  | { kind: "content_type"; contentType: string }
  | { kind: "not_an_object"; value: Json }
  | { kind: "huge" }
  | { kind: "empty" };

function setAt(body: Body, path: string, value: Json | undefined) {
  const parts = path.split(".");
  let node: any = body;
  for (const part of parts.slice(0, -1)) node = node[part];
  const last = parts[parts.length - 1] as string;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

/** Puts `"<slot>": value` at `depth` (existing objects followed where they exist, else created). */
function withSlot(body: Body, depth: string[], value: Json): Body {
  const copy = structuredClone(body);
  let node: any = copy;
  for (const key of depth) {
    if (!isPlainObject(node[key])) node[key] = {};
    node = node[key];
  }
  node.__slot__ = value;
  return copy;
}

const depthPath = (fields: string[]) =>
  fc.array(fc.oneof(fc.constantFrom(...fields), fc.constantFrom("x", "nested", "events")), { maxLength: 4 });

/** Mutations every one of which the endpoint must refuse. */
function rejectedMutation(fields: Record<string, Field>, nullBodyAllowed: boolean): fc.Arbitrary<Mutation> {
  const paths = Object.keys(fields);
  const required = paths.filter((p) => fields[p]?.required);
  const topFields = [...new Set(paths.map((p) => p.split(".")[0] as string))];
  const wrongType = fc.constantFrom(...paths).chain((path) => {
    const field = fields[path] as Field;
    const wrong = field.nullable ? WRONG[field.type].filter((v) => v !== null) : WRONG[field.type];
    return wrong.map((value): Mutation => ({ kind: "wrong_type", path, value }));
  });
  const options: fc.Arbitrary<Mutation>[] = [
    wrongType,
    fc.integer({ min: 1, max: 10_000 }).map((cut): Mutation => ({ kind: "malformed", cut })),
    fc
      .record({ depth: depthPath(topFields), value: anyJson })
      .map((r): Mutation => ({ kind: "proto_key", ...r })),
    depthPath(topFields).map((depth): Mutation => ({ kind: "constructor_prototype", depth })),
    fc
      .constantFrom(
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
        "application/jsonx",
        "image/png",
      )
      .map((contentType): Mutation => ({ kind: "content_type", contentType })),
    fc
      .oneof(
        fc.integer(),
        hostileString,
        fc.array(anyJson),
        fc.boolean(),
        ...(nullBodyAllowed ? [] : [fc.constant(null)]),
      )
      .map((value): Mutation => ({ kind: "not_an_object", value: value as Json })),
    fc.constant<Mutation>({ kind: "empty" }),
  ];
  if (required.length > 0) {
    options.push(fc.constantFrom(...required).map((path): Mutation => ({ kind: "missing", path })));
  }
  return fc.oneof(...options.map((arbitrary) => ({ arbitrary, weight: 10 })), {
    arbitrary: fc.constant<Mutation>({ kind: "huge" }),
    weight: 1,
  });
}

/** The request a mutation of a valid body becomes. */
function mutatedRequest(body: Body, mutation: Mutation): { payload: string; contentType: string } {
  const json = "application/json";
  switch (mutation.kind) {
    case "wrong_type": {
      const copy = structuredClone(body);
      setAt(copy, mutation.path, mutation.value);
      return { payload: JSON.stringify(copy), contentType: json };
    }
    case "missing": {
      const copy = structuredClone(body);
      setAt(copy, mutation.path, undefined);
      return { payload: JSON.stringify(copy), contentType: json };
    }
    case "malformed": {
      const text = JSON.stringify(body);
      // A proper prefix of an object's JSON is never JSON.
      return { payload: text.slice(0, 1 + (mutation.cut % (text.length - 1))), contentType: json };
    }
    case "proto_key":
      return {
        payload: JSON.stringify(withSlot(body, mutation.depth, mutation.value)).replace(
          '"__slot__"',
          '"__proto__"',
        ),
        contentType: json,
      };
    case "constructor_prototype":
      return {
        payload: JSON.stringify(withSlot(body, mutation.depth, { prototype: { polluted: true } })).replace(
          '"__slot__"',
          '"constructor"',
        ),
        contentType: json,
      };
    case "content_type":
      return { payload: JSON.stringify(body), contentType: mutation.contentType };
    case "not_an_object":
      return { payload: JSON.stringify(mutation.value), contentType: json };
    case "huge":
      return {
        payload: JSON.stringify({ ...body, padding: HUGE_PADDING }),
        contentType: json,
      };
    case "empty":
      return { payload: "", contentType: json };
  }
}

/** Valid bodies made hostile in ways an endpoint may accept: hostile text in string fields, extra fields. */
function hostileButValid(body: fc.Arbitrary<Body>, fields: Record<string, Field>): fc.Arbitrary<Body> {
  const stringPaths = Object.keys(fields).filter((p) => fields[p]?.type === "string");
  const topFields = [...new Set(Object.keys(fields).map((p) => p.split(".")[0] as string))];
  return fc
    .tuple(
      body,
      fc.array(fc.tuple(fc.constantFrom(...stringPaths), hostileString), { maxLength: 3 }),
      fc.array(
        fc.tuple(
          depthPath(topFields),
          fc.oneof(fc.constantFrom("constructor", "prototype", "toString", "hasOwnProperty"), hostileString),
          anyJson,
        ),
        { maxLength: 2 },
      ),
    )
    .map(([valid, texts, extras]) => {
      const copy = structuredClone(valid);
      for (const [path, text] of texts) setAt(copy, path, text);
      for (const [depth, key, value] of extras) {
        if (key === "__proto__") continue;
        let node: any = copy;
        for (const part of depth) {
          if (!isPlainObject(node[part])) break;
          node = node[part];
        }
        Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
      }
      return copy;
    });
}

// ---------------------------------------------------------------------------------------------------------

describe.each(DATABASES)("fuzzing every JSON endpoint (%s)", (kind) => {
  let checkout: CheckoutServer;
  let sessionId: string;
  let cases = 0;
  const { refusal: refusalRuns, acceptance: acceptanceRuns } = RUNS[kind];
  let sequence = 0;
  const unique = () => `${++sequence}-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    checkout = await startCheckoutServer(kind, { adminSecret: ADMIN_SECRET });
    const started = await send({
      method: "POST",
      url: "/rcbilling/v1/checkout/start",
      headers: { authorization: `Bearer ${KEYS.sandbox}`, "content-type": "application/json" },
      payload: JSON.stringify(startBody("fuzz-session-owner")),
    });
    expect(started.status).toBe(200);
    sessionId = started.body.operation_session_id;
  });
  afterAll(async () => {
    await checkout?.close();
  });

  const db = () => checkout.server.database.db;

  async function send(sent: Sent): Promise<Answer> {
    const response = await checkout.server.app.inject({
      method: sent.method,
      url: `/billing${sent.url}`,
      headers: sent.headers,
      payload: sent.payload,
    });
    let body: unknown = response.body;
    try {
      body = JSON.parse(response.body);
    } catch {
      // not JSON: the checks below fail with the text shown
    }
    return { status: response.statusCode, body, contentType: String(response.headers["content-type"] ?? "") };
  }

  /**
   * Sends one case and checks it: refused (4xx `{ code, message }`), or, where `accepted` is given, 2xx with
   * only `accepted.tables` changed and `accepted.verify` confirming what was stored. Tables are compared
   * around the case only when it may write; properties that may write nothing run inside `writingNothing`.
   */
  async function check(
    sent: Sent,
    accepted?: { tables: string[]; verify(answer: Answer): Promise<void> },
  ): Promise<Answer> {
    cases++;
    const mayWrite = accepted !== undefined && accepted.tables.length > 0;
    const before: TableSnapshot | null = mayWrite ? await snapshotTables(db()) : null;
    const answer = await send(sent);
    const changed = before ? changedTables(before, await snapshotTables(db())) : [];
    expectPrototypeClean();
    if (accepted && answer.status >= 200 && answer.status < 300) {
      expect(answer.contentType).toMatch(/^application\/json/);
      expect(changed.filter((t) => !accepted.tables.includes(t))).toEqual([]);
      await accepted.verify(answer);
      return answer;
    }
    expectProtocolError(answer, sent);
    expect(changed, `${sent.method} ${sent.url.slice(0, 100)} wrote to tables`).toEqual([]);
    return answer;
  }

  /** Runs a property whose cases must not write at all, comparing every table before and after it. */
  async function writingNothing(property: () => Promise<void>) {
    const before = await snapshotTables(db());
    await property();
    expect(changedTables(before, await snapshotTables(db()))).toEqual([]);
  }

  const jsonHeaders = (
    key: string,
    contentType = "application/json",
    extra: Record<string, string> = {},
  ) => ({
    authorization: `Bearer ${key}`,
    "content-type": contentType,
    ...extra,
  });

  /** Refusal property of a JSON-body endpoint. */
  function refusesBadBodies(
    url: () => string,
    key: string,
    valid: fc.Arbitrary<Body>,
    fields: Record<string, Field>,
    nullBodyAllowed = false,
  ) {
    return writingNothing(() =>
      fc.assert(
        fc.asyncProperty(valid, rejectedMutation(fields, nullBodyAllowed), async (body, mutation) => {
          const { payload, contentType } = mutatedRequest(body, mutation);
          await check({ method: "POST", url: url(), headers: jsonHeaders(key, contentType), payload });
        }),
        { numRuns: refusalRuns },
      ),
    );
  }

  // --- POST /v1/events -------------------------------------------------------------------------------------
  const eventFields: Record<string, Field> = {
    events: { type: "array", required: true },
    "events.0": { type: "object" },
    "events.0.id": { type: "string", required: true },
    "events.0.timestamp_ms": { type: "number", required: true },
    "events.0.type": { type: "string", required: true },
    "events.0.event_name": { type: "string", required: true },
    "events.0.app_user_id": { type: "string", required: true },
    "events.0.context": { type: "object", required: true },
    "events.0.properties": { type: "object", required: true },
    "events.0.trace_id": { type: "string", required: true },
  };
  const validEvents = fc
    .record({ context: fc.dictionary(hostileString, anyJson, { maxKeys: 3 }), timestamp: fc.nat() })
    .map(({ context, timestamp }): Body => ({
      events: [
        {
          id: `ev-${unique()}`,
          timestamp_ms: timestamp,
          type: "web_billing",
          event_name: "checkout_session_start",
          app_user_id: "fuzz-user",
          context: context as Json,
          properties: { price_micros: 99_000_000 },
          trace_id: "trace",
        },
      ],
    }));

  it("POST /v1/events refuses wrong types, missing fields, bad JSON, prototype keys, wrong content types and huge bodies", async () => {
    await refusesBadBodies(() => "/v1/events", KEYS.test, validEvents, eventFields);
  });

  it("POST /v1/events stores hostile but valid events exactly as sent", async () => {
    await fc.assert(
      fc.asyncProperty(hostileButValid(validEvents, eventFields), async (body) => {
        const event = (body.events as Body[])[0] as Body;
        // The id keeps a unique prefix, so that no earlier case's row answers for this one.
        if (typeof event.id === "string") event.id = `ev-${unique()}-${event.id}`;
        await check(
          {
            method: "POST",
            url: "/v1/events",
            headers: jsonHeaders(KEYS.test),
            payload: JSON.stringify(body),
          },
          {
            tables: ["billing_analytics_events"],
            async verify(answer) {
              expect(answer.status).toBe(201);
              const [row] = await db()
                .select()
                .from(analyticsEvents)
                .where(eq(analyticsEvents.id, event.id as string));
              const { id, timestamp_ms, type, event_name, app_user_id, context, properties, trace_id } =
                event;
              expect(row?.payload).toEqual(
                wire({ id, timestamp_ms, type, event_name, app_user_id, context, properties, trace_id }),
              );
              expect(row?.appUserId).toBe(app_user_id);
              expect(row?.eventName).toBe(event_name);
            },
          },
        );
      }),
      { numRuns: acceptanceRuns },
    );
  });

  // --- POST /v1/subscribers/:id/attributes ------------------------------------------------------------------
  const attributeFields: Record<string, Field> = {
    attributes: { type: "object", required: true },
    "attributes.$email": { type: "object" },
    "attributes.$email.value": { type: "string", nullable: true, required: true },
    "attributes.$email.updated_at_ms": { type: "number", required: true },
  };
  const validAttributes = fc.constant<Body>({
    attributes: { $email: { value: "a@example.com", updated_at_ms: 1_700_000_000_000 } },
  });

  it("POST /v1/subscribers/:id/attributes refuses malformed bodies", async () => {
    await refusesBadBodies(
      () => `/v1/subscribers/fuzz-attr-${unique()}/attributes`,
      KEYS.test,
      validAttributes,
      attributeFields,
    );
  });

  it("POST /v1/subscribers/:id/attributes stores hostile names and values exactly, under any app user id", async () => {
    const attributes = fc.dictionary(
      hostileString,
      fc.record({ value: fc.option(hostileString, { nil: null }), updated_at_ms: fc.nat() }),
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(pathSegment, attributes, async (segment, attrs) => {
        const prefix = `fuzz-${unique()}-`;
        const url = `/v1/subscribers/${prefix}${segment}/attributes`;
        await check(
          {
            method: "POST",
            url,
            headers: jsonHeaders(KEYS.test),
            payload: JSON.stringify({ attributes: attrs }),
          },
          {
            tables: ["billing_customers", "billing_customer_attributes"],
            async verify(answer) {
              const appUserId = decodedSegment(`${prefix}${segment}`);
              expect(answer.body).toEqual({ attributes_saved: Object.keys(attrs).length });
              const rows = await db()
                .select()
                .from(customerAttributes)
                .where(eq(customerAttributes.appUserId, appUserId));
              expect(
                Object.fromEntries(
                  rows.map((r) => [r.name, { value: r.value, updated_at_ms: r.updatedAtMs }]),
                ),
              ).toEqual(attrs);
            },
          },
        );
      }),
      { numRuns: acceptanceRuns },
    );
  });

  // --- POST /v1/receipts ------------------------------------------------------------------------------------
  const receiptFields: Record<string, Field> = {
    fetch_token: { type: "string", required: true },
    product_id: { type: "string", required: true },
    app_user_id: { type: "string", required: true },
    presented_offering_identifier: { type: "string", nullable: true },
    presented_placement_identifier: { type: "string", nullable: true },
    applied_targeting_rule: { type: "object", nullable: true },
    "applied_targeting_rule.rule_id": { type: "string", required: true },
    "applied_targeting_rule.revision": { type: "number", required: true },
    initiation_source: { type: "string" },
  };
  const validReceipt = fc.constant(null).map((): Body => ({
    fetch_token: `test_${Date.now()}_${randomUUID()}`,
    product_id: "premium_realm_monthly",
    app_user_id: `fuzz-buyer-${unique()}`,
    presented_offering_identifier: "default",
    presented_placement_identifier: null,
    applied_targeting_rule: { rule_id: "r1", revision: 1 },
    initiation_source: "purchase",
  }));

  it("POST /v1/receipts refuses malformed bodies", async () => {
    await refusesBadBodies(() => "/v1/receipts", KEYS.test, validReceipt, receiptFields);
  });

  it("POST /v1/receipts stores a hostile but valid receipt's user and offering exactly", async () => {
    await fc.assert(
      fc.asyncProperty(hostileButValid(validReceipt, receiptFields), async (body) => {
        if (typeof body.app_user_id === "string") body.app_user_id = `fuzz-${unique()}-${body.app_user_id}`;
        await check(
          {
            method: "POST",
            url: "/v1/receipts",
            headers: jsonHeaders(KEYS.test),
            payload: JSON.stringify(body),
          },
          {
            // The default option has a free trial: the receipt judges it under the customer's trial reservation.
            tables: [
              "billing_customers",
              "billing_purchases",
              "billing_webhook_outbox",
              "billing_trial_reservations",
            ],
            async verify(answer) {
              expect(answer.body.subscriber.original_app_user_id).toBe(body.app_user_id);
              const [row] = await db()
                .select()
                .from(purchases)
                .where(eq(purchases.storeTransactionId, body.fetch_token as string));
              expect(row?.appUserId).toBe(body.app_user_id);
              expect(row?.productId).toBe("premium_realm_monthly");
              expect(row?.presentedOfferingIdentifier).toBe(body.presented_offering_identifier ?? null);
            },
          },
        );
      }),
      { numRuns: acceptanceRuns },
    );
  });

  // --- POST /rcbilling/v1/checkout/start --------------------------------------------------------------------
  const startFields: Record<string, Field> = {
    app_user_id: { type: "string", required: true },
    product_id: { type: "string", required: true },
    price_id: { type: "string", required: true },
    email: { type: "string", nullable: true },
    presented_offering_identifier: { type: "string", nullable: true },
    trace_id: { type: "string", nullable: true },
    metadata: { type: "object", nullable: true },
    // A null value is accepted (the peer SDK's PurchaseMetadata) and not stored.
    "metadata.utm_source": { type: "string", nullable: true },
    offer_id: { type: "string", nullable: true },
    applied_targeting_rule: { type: "object", nullable: true },
    "applied_targeting_rule.rule_id": { type: "string", required: true },
    "applied_targeting_rule.revision": { type: "number", required: true },
    presented_placement_identifier: { type: "string", nullable: true },
  };
  const validStart = fc.constant(null).map((): Body => ({
    ...startBody(`fuzz-checkout-${unique()}`),
    email: "buyer@example.com",
    metadata: { utm_source: "fuzz" },
    applied_targeting_rule: { rule_id: "r1", revision: 2 },
    presented_placement_identifier: "home",
  }));

  it("POST /rcbilling/v1/checkout/start refuses malformed bodies", async () => {
    await refusesBadBodies(() => "/rcbilling/v1/checkout/start", KEYS.sandbox, validStart, startFields);
  });

  it("POST /rcbilling/v1/checkout/start stores a hostile but valid session exactly as sent", async () => {
    const withMetadata = hostileButValid(validStart, startFields).chain((body) =>
      fc
        .dictionary(hostileString, hostileString, { maxKeys: 3 })
        .map((metadata): Body => ({ ...body, metadata: { ...(body.metadata as Body), ...metadata } })),
    );
    await fc.assert(
      fc.asyncProperty(withMetadata, async (body) => {
        if (typeof body.app_user_id === "string") body.app_user_id = `fuzz-${unique()}-${body.app_user_id}`;
        await check(
          {
            method: "POST",
            url: "/rcbilling/v1/checkout/start",
            headers: jsonHeaders(KEYS.sandbox),
            payload: JSON.stringify(body),
          },
          {
            tables: ["billing_customers", "billing_checkout_sessions"],
            async verify(answer) {
              const [row] = await db()
                .select()
                .from(checkoutSessions)
                .where(eq(checkoutSessions.id, answer.body.operation_session_id));
              expect(row?.appUserId).toBe(body.app_user_id);
              expect(row?.email).toBe(
                typeof body.email === "string" && body.email.trim() ? body.email.trim() : null,
              );
              expect(row?.traceId).toBe(body.trace_id ?? null);
              expect(row?.presentedOfferingIdentifier).toBe(body.presented_offering_identifier ?? null);
              expect(row?.presentedPlacementIdentifier).toBe(body.presented_placement_identifier ?? null);
              const metadata = wire(body.metadata ?? null) as Record<string, unknown> | null;
              expect(row?.metadata).toEqual(
                metadata && Object.fromEntries(Object.entries(metadata).filter(([, v]) => v !== null)),
              );
              const rule = body.applied_targeting_rule as Body | null | undefined;
              expect(row?.appliedTargetingRule).toEqual(
                rule ? { rule_id: rule.rule_id, revision: rule.revision } : null,
              );
              const [customer] = await db()
                .select()
                .from(customers)
                .where(
                  and(eq(customers.projectId, "realmheart"), eq(customers.appUserId, row?.appUserId ?? "")),
                );
              expect(customer).toBeDefined();
            },
          },
        );
      }),
      { numRuns: acceptanceRuns },
    );
  });

  // --- POST /rcbilling/v1/checkout/:id/calculate_taxes and /complete -----------------------------------------
  it("POST /rcbilling/v1/checkout/:id/calculate_taxes refuses malformed bodies and stores nothing but the tax", async () => {
    const fields: Record<string, Field> = {
      country_code: { type: "string", nullable: true },
      postal_code: { type: "string", nullable: true },
    };
    const valid = fc.constant<Body>({ country_code: "ZA", postal_code: "8001" });
    const url = () => `/rcbilling/v1/checkout/${sessionId}/calculate_taxes`;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .tuple(valid, rejectedMutation(fields, true))
            .map(([body, m]) => ({ ...mutatedRequest(body, m), ok: false })),
          hostileButValid(valid, fields).map((body) => ({
            payload: JSON.stringify(body),
            contentType: "application/json",
            ok: true,
          })),
        ),
        async ({ payload, contentType, ok }) => {
          await check(
            { method: "POST", url: url(), headers: jsonHeaders(KEYS.sandbox, contentType), payload },
            ok
              ? {
                  tables: ["billing_checkout_sessions"],
                  async verify(answer) {
                    expect(answer.body.operation_session_id).toBe(sessionId);
                    expect(answer.body.total_excluding_tax_in_micros).toBe(99_000_000);
                  },
                }
              : undefined,
          );
        },
      ),
      { numRuns: acceptanceRuns },
    );
  });

  it("POST /rcbilling/v1/checkout/:id/complete refuses malformed bodies and bad emails", async () => {
    const fields: Record<string, Field> = { email: { type: "string", nullable: true } };
    // A session without an email: every refused email leaves it to be refused again.
    const refusedEmail = hostileString.filter(
      (s) => s.trim() !== "" && !/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(s.trim()),
    );
    await writingNothing(() =>
      fc.assert(
        fc.asyncProperty(
          fc.oneof(
            rejectedMutation(fields, false).map((m) => mutatedRequest({ email: "buyer@example.com" }, m)),
            refusedEmail.map((email) => ({
              payload: JSON.stringify({ email }),
              contentType: "application/json",
            })),
          ),
          async ({ payload, contentType }) => {
            await check({
              method: "POST",
              url: `/rcbilling/v1/checkout/${sessionId}/complete`,
              headers: jsonHeaders(KEYS.sandbox, contentType),
              payload,
            });
          },
        ),
        { numRuns: refusalRuns },
      ),
    );
  });

  // --- POST /rcbilling/v1/stripe/webhook --------------------------------------------------------------------
  it("POST /rcbilling/v1/stripe/webhook refuses every unsigned, wrongly signed or stale body, and survives signed junk", async () => {
    const secret = () => checkout.stripe.options.webhookSecret;
    const sign = (payload: string, key: string, at: number) =>
      `t=${at},v1=${createHmac("sha256", key).update(`${at}.${payload}`).digest("hex")}`;
    const payloads = fc.oneof(
      anyJson.map((v) => JSON.stringify(v)),
      fc
        .record({
          id: hostileString,
          type: fc.constantFrom("payment_intent.succeeded", "setup_intent.setup_failed", "x"),
        })
        .chain((e) =>
          fc
            .record({
              id: hostileString,
              metadata: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
            })
            .map((object) => JSON.stringify({ ...e, data: { object } })),
        ),
      fc.constant(
        '{"id":"evt_1","type":"payment_intent.succeeded","data":{"object":{"id":"pi_1","metadata":{"__proto__":{"polluted":true},"operation_session_id":"opsess_x"}}}}',
      ),
      fc.constant('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
      hostileString,
    );
    const signature = fc.oneof(
      fc.constant({ kind: "none" as const }),
      fc.constant({ kind: "wrong_secret" as const }),
      fc.integer({ min: 301, max: 10_000_000 }).map((skew) => ({ kind: "stale" as const, skew })),
      hostileString.map((header) => ({
        kind: "garbage" as const,
        header: header.replace(/[^\x20-\x7e]/g, ""),
      })),
      fc.constant({ kind: "valid" as const }),
    );
    await writingNothing(() =>
      fc.assert(
        fc.asyncProperty(payloads, signature, async (payload, sig) => {
          const now = Math.floor(checkout.server.clock.now.getTime() / 1000);
          const headers: Record<string, string> = { "content-type": "application/json" };
          if (sig.kind === "wrong_secret") headers["stripe-signature"] = sign(payload, "whsec_wrong", now);
          if (sig.kind === "stale") headers["stripe-signature"] = sign(payload, secret(), now - sig.skew);
          if (sig.kind === "garbage") headers["stripe-signature"] = sig.header;
          if (sig.kind === "valid") headers["stripe-signature"] = sign(payload, secret(), now);
          await check(
            { method: "POST", url: "/rcbilling/v1/stripe/webhook", headers, payload },
            sig.kind === "valid"
              ? {
                  tables: [],
                  async verify(answer) {
                    expect(answer.body.received).toBe(true);
                  },
                }
              : undefined,
          );
        }),
        { numRuns: refusalRuns },
      ),
    );
  });

  // --- GET endpoints and the admin call: hostile paths, queries and headers ---------------------------------
  it("GET offerings, products, branding, workflows and checkout status refuse or answer hostile paths and queries, writing nothing", async () => {
    const urls = fc.oneof(
      pathSegment.map((s) => `/v1/subscribers/${s}/offerings`),
      fc.tuple(pathSegment, hostileQuery).map(([s, q]) => `/v1/subscribers/${s}/workflows?${q}`),
      fc.tuple(pathSegment, pathSegment).map(([s, w]) => `/v1/subscribers/${s}/workflows/${w}`),
      fc.tuple(pathSegment, hostileQuery).map(([s, q]) => `/rcbilling/v1/subscribers/${s}/products?${q}`),
      hostileQuery.map((q) => `/rcbilling/v1/subscribers/u1/products?${q}`),
      hostileQuery.map((q) => `/rcbilling/v1/branding?${q}`),
      pathSegment.map((s) => `/rcbilling/v1/checkout/${s}`),
      fc.tuple(pathSegment, hostileQuery).map(([s, q]) => `/rcbilling/v1/checkout/${s}?${q}`),
    );
    await writingNothing(() =>
      fc.assert(
        fc.asyncProperty(urls, async (url) => {
          await check(
            { method: "GET", url, headers: { authorization: `Bearer ${KEYS.sandbox}` } },
            { tables: [], verify: async (answer) => expect(answer.body).toBeTypeOf("object") },
          );
        }),
        { numRuns: refusalRuns },
      ),
    );
  });

  it("GET /v1/subscribers/:id creates at most the customer named, exactly as sent", async () => {
    await fc.assert(
      fc.asyncProperty(pathSegment, hostileQuery, async (segment, query) => {
        const prefixed = `fuzz-${unique()}-${segment}`;
        await check(
          {
            method: "GET",
            url: `/v1/subscribers/${prefixed}?${query}`,
            headers: { authorization: `Bearer ${KEYS.test}` },
          },
          {
            tables: ["billing_customers"],
            async verify(answer) {
              const appUserId = decodedSegment(prefixed);
              expect(answer.body.subscriber.original_app_user_id).toBe(appUserId);
              const rows = await db().select().from(customers).where(eq(customers.appUserId, appUserId));
              expect(rows).toHaveLength(1);
            },
          },
        );
      }),
      { numRuns: acceptanceRuns },
    );
  });

  it("POST …/subscriptions/:productId/cancel (admin) refuses hostile ids and a missing or wrong admin secret", async () => {
    await fc.assert(
      fc.asyncProperty(
        pathSegment,
        pathSegment,
        fc.constantFrom(null, "wrong-secret-0123456789", ADMIN_SECRET),
        async (user, product, adminSecret) => {
          const prefixed = `fuzz-${unique()}-${user}`;
          const headers: Record<string, string> = { authorization: `Bearer ${KEYS.sandbox}` };
          if (adminSecret) headers["x-billing-admin-secret"] = adminSecret;
          await check(
            { method: "POST", url: `/v1/subscribers/${prefixed}/subscriptions/${product}/cancel`, headers },
            adminSecret === ADMIN_SECRET
              ? {
                  tables: ["billing_customers"],
                  async verify(answer) {
                    expect(answer.body.subscriber.original_app_user_id).toBe(decodedSegment(prefixed));
                  },
                }
              : undefined,
          );
        },
      ),
      { numRuns: acceptanceRuns },
    );
  });

  it("every route refuses hostile, malformed and unknown Authorization headers with 401", async () => {
    const routes: Sent[] = [
      { method: "GET", url: "/v1/subscribers/u1/offerings" },
      { method: "GET", url: "/rcbilling/v1/subscribers/u1/products?id=premium_realm_monthly" },
      { method: "GET", url: "/v1/subscribers/u1" },
      { method: "GET", url: "/rcbilling/v1/branding" },
      { method: "GET", url: "/v1/subscribers/u1/workflows?type=paywall" },
      { method: "GET", url: "/v1/subscribers/u1/workflows/wf_arcade_store" },
      { method: "POST", url: "/rcbilling/v1/checkout/start", payload: JSON.stringify(startBody("u1")) },
      { method: "POST", url: "/v1/subscribers/u1/attributes", payload: '{"attributes":{}}' },
      {
        method: "POST",
        url: "/v1/subscribers/identify",
        payload: '{"app_user_id":"$RCAnonymousID:0123456789abcdef0123456789abcdef","new_app_user_id":"u1"}',
      },
      { method: "POST", url: "/v1/events", payload: '{"events":[]}' },
      { method: "POST", url: "/v1/receipts", payload: "{}" },
    ];
    const authorization = fc.oneof(
      hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, "")),
      hostileString.map((s) => `Bearer ${s.replace(/[^\x21-\x7e]/g, "")}x`),
      fc.constantFrom(
        "Bearer",
        "Bearer ",
        "bearer test_realmheart_local",
        "Basic dGVzdDp0ZXN0",
        `Bearer ${KEYS.sandbox} x`,
      ),
    );
    await writingNothing(() =>
      fc.assert(
        fc.asyncProperty(fc.constantFrom(...routes), authorization, async (route, auth) => {
          const sent = { ...route, headers: { authorization: auth, "content-type": "application/json" } };
          const answer = await check(sent);
          expect(answer.status).toBe(401);
          expect(answer.body.code).toBe(7225);
        }),
        { numRuns: refusalRuns },
      ),
    );
  });

  it(`ran at least ${MIN_TOTAL_CASES[kind]} cases`, () => {
    expect(cases).toBeGreaterThanOrEqual(MIN_TOTAL_CASES[kind]);
  });
});
