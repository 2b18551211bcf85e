// Issue #48, every merchant route from an attacker's side, taken from the server's own /openapi.json so that a route
// added later is covered too: no key (401), a public key where only secret keys go (403), a secret key without the
// route's scope (403 naming it), a secret key of another project on a v2 path (404), a body of the wrong kind or a
// page size that is not a number (400 naming it), all changing nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../src/db/schema.js";
import { SECRET_KEY_SCOPES, type SecretKeyScope } from "../src/access/secret-key-scopes.js";
import { KEYS } from "./support/catalogue.js";
import { merchantCall, secretKeyFor } from "./support/merchant-api.js";
import { DATABASES, startTestServer, type TestServer } from "./support/test-server.js";

type Method = "GET" | "POST" | "DELETE";
interface Operation {
  method: Method;
  template: string;
  scope: SecretKeyScope;
  publicKeys: boolean;
  api: "v1" | "v2";
  takesBody: boolean;
  pages: boolean;
}

/** A scope that does not grant `needed`: neither it nor its area's write. */
function otherScope(needed: SecretKeyScope): SecretKeyScope {
  const area = needed.split(":")[0];
  return SECRET_KEY_SCOPES.find((s) => !s.startsWith(`${area}:`))!;
}

/** A concrete path of a template: the key's project, and made-up ids elsewhere. */
const pathOf = (template: string, project = "realmheart") =>
  template.replace("{project_id}", project).replace(/\{(\w+)\}/g, "x_$1");

describe.each(DATABASES)("every merchant route on %s", (kind) => {
  let server: TestServer;
  let operations: Operation[] = [];
  beforeAll(async () => {
    server = await startTestServer(kind);
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            security: Record<string, string[]>[];
            requestBody?: object;
            parameters: { name: string; in: string }[];
          }
        >
      >;
    };
    operations = Object.entries(document.paths).flatMap(([template, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        method: method.toUpperCase() as Method,
        template,
        scope: operation.security[0]!.secretKey![0] as SecretKeyScope,
        publicKeys: operation.security.some((s) => "publicKey" in s),
        api: template.startsWith("/v2/") ? ("v2" as const) : ("v1" as const),
        takesBody: operation.requestBody !== undefined,
        pages: operation.parameters.some((p) => p.in === "query" && p.name === "limit"),
      })),
    );
  });
  afterAll(() => server.close());

  it("covers all the operations the document lists", () => {
    expect(operations.length).toBeGreaterThanOrEqual(50);
  });

  it("answers 401 without a key, and 403 to a public key where only secret keys go", async () => {
    for (const op of operations) {
      const where = `${op.method} ${op.template}`;
      const body = op.method === "POST" ? {} : undefined;
      const none = await merchantCall(server, op.method, pathOf(op.template), { key: null, body });
      expect(none.status, where).toBe(401);
      if (op.publicKeys) continue;
      const publicKey = await merchantCall(server, op.method, pathOf(op.template), {
        key: KEYS.production,
        body,
      });
      expect(publicKey.status, where).toBe(403);
    }
  });

  it("answers 403 naming the scope to a secret key without it, and writes nothing", async () => {
    const keys = new Map<SecretKeyScope, string>();
    for (const scope of SECRET_KEY_SCOPES) keys.set(scope, await secretKeyFor(server, [scope]));
    const before = await server.database.db.select().from(auditLog);
    for (const op of operations) {
      const where = `${op.method} ${op.template}`;
      const key = keys.get(otherScope(op.scope))!;
      const body = op.method === "POST" ? {} : undefined;
      const answer = await merchantCall(server, op.method, pathOf(op.template), { key, body });
      expect(answer.status, where).toBe(403);
      expect(JSON.stringify(answer.body), where).toContain(op.scope);
    }
    expect(await server.database.db.select().from(auditLog)).toHaveLength(before.length);
  });

  it("refuses a body of the wrong kind and a page size that is not a number with 400 naming it, writing nothing", async () => {
    const key = await secretKeyFor(server);
    const before = await server.database.db.select().from(auditLog);
    let bodies = 0;
    let pages = 0;
    for (const op of operations) {
      const where = `${op.method} ${op.template}`;
      if (op.takesBody) {
        bodies += 1;
        const answer = await merchantCall(server, op.method, pathOf(op.template), { key, rawBody: "[1, 2]" });
        expect(answer.status, where).toBe(400);
        if (op.api === "v2")
          expect(answer.body, where).toMatchObject({ type: "parameter_error", param: "body" });
        else expect(answer.body.message, where).toMatch(/^Invalid request\./);
      }
      if (op.pages) {
        pages += 1;
        const answer = await merchantCall(server, op.method, `${pathOf(op.template)}?limit=ten`, { key });
        expect(answer.status, where).toBe(400);
        expect(answer.body, where).toMatchObject({ type: "parameter_error", param: "limit" });
      }
    }
    expect(bodies).toBeGreaterThanOrEqual(15);
    expect(pages).toBeGreaterThanOrEqual(10);
    expect(await server.database.db.select().from(auditLog)).toHaveLength(before.length);
  });

  it("answers 404 to a secret key of this project on another project's v2 path (one that exists), whatever it sends", async () => {
    const key = await secretKeyFor(server);
    for (const op of operations.filter((o) => o.template.includes("{project_id}"))) {
      const answer = await merchantCall(server, op.method, pathOf(op.template, "other"), {
        key,
        body: op.method === "POST" ? { not: "a valid body" } : undefined,
      });
      expect(answer.status, `${op.method} ${op.template}`).toBe(404);
      expect(answer.body).toMatchObject({ type: "resource_missing", param: "project_id" });
    }
  });
});
