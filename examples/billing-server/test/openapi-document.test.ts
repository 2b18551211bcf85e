// Issue #48: the merchant API's OpenAPI 3.1 document is generated from the routes themselves: every merchant route is
// in it with its scope, its parameters and schemas that compile; every answer the merchant tests see is checked
// against it (test/support/merchant-api.ts).
import { Ajv2020 } from "ajv/dist/2020.js";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBillingDatabase, type BillingDatabase } from "../src/db/database.js";
import { billingServer } from "../src/plugin.js";
import { SECRET_KEY_SCOPES } from "../src/access/secret-key-scopes.js";
import { openApiPath } from "../src/merchant/openapi-document.js";
import { testCatalogue } from "./support/catalogue.js";

describe("the OpenAPI document at /openapi.json", () => {
  let database: BillingDatabase;
  const app = Fastify({ logger: false });
  const merchantRoutes: string[] = [];
  let document: any;

  beforeAll(async () => {
    database = await openBillingDatabase();
    app.addHook("onRoute", (route) => {
      if (!route.config?.merchant) return;
      for (const method of [route.method].flat()) {
        if (method !== "HEAD") merchantRoutes.push(`${method.toLowerCase()} ${openApiPath(route.url)}`);
      }
    });
    await app.register(billingServer, {
      prefix: "/billing",
      database,
      catalogue: testCatalogue(),
      workers: false,
    });
    const response = await app.inject({ method: "GET", url: "/billing/openapi.json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    document = response.json();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("is OpenAPI 3.1 with the plugin's prefix as its server, served without a key", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: "/billing" }]);
    expect(document.components.securitySchemes.secretKey).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("describes exactly the merchant routes the server has, each once, with a unique operation id", () => {
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations as object).map((method) => `${method} /billing${path}`),
    );
    expect(documented.sort()).toEqual(merchantRoutes.sort());
    expect(merchantRoutes.length).toBeGreaterThanOrEqual(4);
    const ids = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations as Record<string, { operationId: string }>).map((o) => o.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("names every path parameter, a known scope, and the errors of each operation", () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations as Record<string, any>)) {
        const where = `${method} ${path}`;
        const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        const declared = operation.parameters.filter((p: any) => p.in === "path").map((p: any) => p.name);
        expect(declared.sort(), where).toEqual(inPath);
        const [scope] = operation.security[0].secretKey;
        expect(SECRET_KEY_SCOPES, where).toContain(scope);
        for (const status of ["400", "401", "403", "404", "429"]) {
          expect(operation.responses[status], `${where} ${status}`).toBeDefined();
        }
      }
    }
  });

  it("has schemas that compile as JSON Schema 2020-12, the dialect OpenAPI 3.1 uses", () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    let compiled = 0;
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations as Record<string, any>)) {
        const schemas = [
          ...Object.values(operation.responses).map((r: any) => r.content?.["application/json"]?.schema),
          operation.requestBody?.content["application/json"].schema,
          ...operation.parameters.map((p: any) => p.schema),
        ].filter(Boolean);
        for (const schema of schemas) {
          ajv.compile({ ...schema, components: document.components });
          compiled += 1;
        }
      }
    }
    expect(compiled).toBeGreaterThan(20);
  });
});
