// The OpenAPI 3.1 document of the merchant API (`GET {PREFIX}/openapi.json`), generated from the routes' own zod
// schemas (JSON Schema 2020-12, which OpenAPI 3.1 uses as it is).
import { z } from "zod";
import { merchantErrorBody, protocolErrorBody } from "../http/merchant-error.js";
import type { MerchantApi, MerchantRouteSpec } from "./merchant-route.js";

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema, without its `$schema` (the document's dialect says it once). */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

/** `/v2/projects/:project_id/…` as OpenAPI writes it: `/v2/projects/{project_id}/…`. */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, "{$1}");
}

function parameters(spec: MerchantRouteSpec): object[] {
  const out: object[] = [];
  for (const [where, schema] of [
    ["path", spec.params],
    ["query", spec.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, "input") as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const { description, ...propertySchema } = property as JsonSchema & { description?: string };
      out.push({
        name,
        in: where,
        required: where === "path" || (object.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: propertySchema,
      });
    }
  }
  return out;
}

const errorResponse = (api: MerchantRouteSpec["api"], description: string) => ({
  description,
  content: {
    "application/json": {
      schema: { $ref: `#/components/schemas/${api === "v2" ? "Error" : "ProtocolError"}` },
    },
  },
});

/**
 * The document of every merchant route the server has, with paths under `prefix`'s server.
 *
 * @example
 * app.get("/openapi.json", async () => openApiDocument(api));
 */
export function openApiDocument(api: MerchantApi): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of api.routes) {
    const responses: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(spec.responses)) {
      responses[status] = {
        description: "Success",
        content: { "application/json": { schema: jsonSchema(schema, "output") } },
      };
    }
    responses["400"] = errorResponse(spec.api, "Bad input: the parameter is named");
    responses["401"] = errorResponse(spec.api, "No key, an unknown key, or a revoked or expired secret key");
    responses["403"] = errorResponse(spec.api, "The key may not do this: a public key, or a missing scope");
    responses["404"] = errorResponse(spec.api, "No such project, customer or object");
    responses["409"] = errorResponse(spec.api, "The object is busy or in a state that refuses this");
    responses["422"] = errorResponse(
      spec.api,
      "The change would leave something invalid (a catalogue cross-check failed): nothing changed",
    );
    responses["429"] = errorResponse(spec.api, "Too many requests: wait for Retry-After seconds");
    responses["500"] = errorResponse(spec.api, "The server failed");
    responses["503"] = errorResponse(
      spec.api,
      "The database is unavailable: retry after Retry-After seconds",
    );
    const operation = {
      operationId: spec.operationId,
      summary: spec.summary,
      ...(spec.description ? { description: spec.description } : {}),
      tags: [spec.tag],
      security: spec.publicKeys
        ? [{ secretKey: [spec.scope] }, { publicKey: [] }]
        : [{ secretKey: [spec.scope] }],
      parameters: parameters(spec),
      ...(spec.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: jsonSchema(spec.body, "input") } },
            },
          }
        : {}),
      responses,
    };
    (paths[openApiPath(spec.url)] ??= {})[spec.method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "purchases-web billing server: merchant API",
      version: "1",
      description:
        "Calls for a merchant's own servers, with a secret key (sk_…) made by `purchases-billing-server secret-key create`. The v1 and v2 calls follow RevenueCat's REST API v1 and v2 paths, bodies and answers.",
    },
    paths,
    components: {
      schemas: {
        Error: jsonSchema(merchantErrorBody, "output"),
        ProtocolError: jsonSchema(protocolErrorBody, "output"),
      },
      securitySchemes: {
        secretKey: {
          type: "http",
          scheme: "bearer",
          description: "A secret key (sk_…); the scope each operation needs is listed in its security.",
        },
        publicKey: {
          type: "http",
          scheme: "bearer",
          description: "A public API key of the project (the keys its apps and pages ship with).",
        },
      },
    },
  };
}
