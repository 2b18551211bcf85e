// Calls the merchant API as a merchant's server would (a secret key, real HTTP), and checks every answer against the
// server's own OpenAPI document (`/openapi.json`): an answer the document does not describe fails the test.
import { Ajv2020 } from "ajv/dist/2020.js";
import { expect } from "vitest";
import { createSecretKey } from "../../src/access/secret-keys.js";
import { SECRET_KEY_SCOPES, type SecretKeyScope } from "../../src/access/secret-key-scopes.js";
import type { TestServer } from "./test-server.js";

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * A secret key of `project` with `scopes` (every scope by default), made as the CLI makes one.
 *
 * @example
 * const key = await secretKeyFor(server, ["customers:read"]);
 */
export async function secretKeyFor(
  server: TestServer,
  scopes: readonly SecretKeyScope[] = SECRET_KEY_SCOPES,
  { project = "realmheart", expiresAt = null }: { project?: string; expiresAt?: Date | null } = {},
): Promise<string> {
  const { key } = await createSecretKey(server.database.db, {
    projectId: project,
    scopes,
    expiresAt,
    actor: "test",
    now: server.clock.now,
  });
  return key;
}

interface Operation {
  responses: Record<string, { content?: { "application/json"?: { schema: object } } }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: object;
}

const documents = new WeakMap<TestServer, Promise<OpenApi>>();
const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
const validators = new Map<object, ReturnType<typeof ajv.compile>>();

function documentOf(server: TestServer): Promise<OpenApi> {
  let document = documents.get(server);
  if (!document) {
    document = fetch(`${server.url}/openapi.json`).then((r) => r.json() as Promise<OpenApi>);
    documents.set(server, document);
  }
  return document;
}

/** The document's operation for a method and a concrete path (the template with the fewest parameters wins). */
function operationOf(
  document: OpenApi,
  method: Method,
  path: string,
): { template: string; operation: Operation } | null {
  const pathOnly = path.split("?")[0]!;
  const matches = Object.entries(document.paths)
    .filter(([template, operations]) => {
      if (!operations[method.toLowerCase()]) return false;
      const pattern = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+");
      return new RegExp(`^${pattern}$`).test(pathOnly);
    })
    .sort(([a], [b]) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  const [template, operations] = matches[0] ?? [];
  return template ? { template, operation: operations![method.toLowerCase()]! } : null;
}

/** The answer of a merchant call. */
export interface MerchantAnswer {
  status: number;
  body: any;
  headers: Headers;
}

/**
 * A merchant-API call over HTTP with `key` (a secret key, a public key, or null for none), its answer checked against
 * the server's OpenAPI document: the operation and its status must be described, and the body must match.
 *
 * @example
 * const { status, body } = await merchantCall(server, "GET", "/v1/subscribers/u1", { key });
 */
export async function merchantCall(
  server: TestServer,
  method: Method,
  path: string,
  options: { key: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> },
): Promise<MerchantAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== null) headers.authorization = `Bearer ${options.key}`;
  if (options.body !== undefined || options.rawBody !== undefined)
    headers["content-type"] ??= "application/json";
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  const body: unknown = text === "" ? undefined : JSON.parse(text);
  const document = await documentOf(server);
  const found = operationOf(document, method, path);
  expect(found, `${method} ${path} is in /openapi.json`).not.toBeNull();
  const described = found!.operation.responses[String(response.status)];
  expect(described, `${method} ${found!.template} describes status ${response.status}`).toBeDefined();
  const schema = described!.content?.["application/json"]?.schema;
  if (schema) {
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile({ ...schema, components: document.components });
      validators.set(schema, validate);
    }
    const valid = validate(body);
    expect(
      valid ? [] : validate.errors,
      `${method} ${found!.template} ${response.status} answer matches /openapi.json: ${text.slice(0, 500)}`,
    ).toEqual([]);
  }
  return { status: response.status, body, headers: response.headers };
}
