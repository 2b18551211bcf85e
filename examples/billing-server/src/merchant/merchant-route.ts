// One way to declare a merchant-API route (issue #48): its method, path, scope and zod schemas at the edge. The
// declaration registers the Fastify route (the key and scope checked before it runs, its input parsed) and feeds the
// OpenAPI document (`/openapi.json`), so the document is the routes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { BillingContext, Caller } from "../context.js";
import { badRequest } from "../http/billing-error.js";
import { parseInput } from "../http/validation.js";
import { MerchantError } from "../http/merchant-error.js";
import type { SecretKeyScope } from "../access/secret-key-scopes.js";
import type { MerchantCaller } from "../access/secret-keys.js";
import type { MerchantApiVersion, MerchantRouteConfig } from "../http/secret-key-auth.js";

export type { MerchantApiVersion, MerchantRouteConfig };

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** A merchant route's declaration. */
export interface MerchantRouteSpec<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
  method: Method;
  /** Fastify's form, under the plugin's prefix: `/v2/projects/:project_id/customers/:customer_id`. */
  url: string;
  api: MerchantApiVersion;
  scope: SecretKeyScope;
  publicKeys?: boolean;
  operationId: string;
  summary: string;
  tag: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The protocol code of a v1 route's refusal of a bad body (7226 by default). */
  bodyErrorCode?: number;
  /** The answer's schema by status (the successful ones; errors are added for every route). */
  responses: Record<number, z.ZodType>;
}

/** What a merchant route's handler gets. */
export interface MerchantInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The secret key's caller; null when a public key called (a route with `publicKeys`). */
  merchant: MerchantCaller | null;
  /** The public key's caller; null when a secret key called. */
  publicCaller: Caller | null;
  /** The project the key belongs to. */
  projectId: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The merchant routes one billing server has, for its OpenAPI document. */
export class MerchantApi {
  readonly routes: MerchantRouteSpec[] = [];
  constructor(readonly ctx: BillingContext) {}

  /**
   * Declares and registers a route on `app` (a plugin scope of the billing server).
   *
   * @example
   * api.route(app, { method: "GET", url: "/v2/projects/:project_id/customers/:customer_id", api: "v2", scope: "customers:read", … }, async ({ params }) => customer(params.customer_id));
   */
  route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
    app: FastifyInstance,
    spec: MerchantRouteSpec<P, Q, B>,
    handler: (input: MerchantInput<z.output<P>, z.output<Q>, z.output<B>>) => Promise<unknown>,
  ): void {
    // Paths as declared: the document's server carries the plugin's prefix.
    this.routes.push(spec as unknown as MerchantRouteSpec);
    const config: MerchantRouteConfig = {
      api: spec.api,
      scope: spec.scope,
      publicKeys: spec.publicKeys ?? false,
    };
    app.route({
      method: spec.method,
      url: spec.url,
      config: { merchant: config },
      handler: async (request, reply) => {
        const merchant = request.merchant ?? null;
        const publicCaller = merchant ? null : request.caller;
        const projectId = merchant?.projectId ?? publicCaller!.projectId;
        const pathProject = (request.params as { project_id?: unknown } | undefined)?.project_id;
        if (pathProject !== undefined && pathProject !== projectId) {
          // Another project's id, or none that exists: a key sees its own project only, whatever else it sends.
          throw new MerchantError(404, "resource_missing", "Project not found.", { param: "project_id" });
        }
        const params = parseEdge(spec.api, spec.params, request.params, "path");
        const query = parseEdge(spec.api, spec.query, request.query ?? {}, "query");
        const body = parseEdge(spec.api, spec.body, request.body ?? {}, "body", spec.bodyErrorCode);
        return handler({
          params,
          query,
          body,
          merchant,
          publicCaller,
          projectId,
          request,
          reply,
        } as MerchantInput<z.output<P>, z.output<Q>, z.output<B>>);
      },
    });
  }
}

/** Parses one part of a request; bad input is a 400 naming the field, in the route's API's shape. */
function parseEdge(
  api: MerchantApiVersion,
  schema: z.ZodType | undefined,
  value: unknown,
  part: string,
  v1Code?: number,
): unknown {
  if (!schema) return undefined;
  if (api === "v1") return parseInput(schema, value, v1Code);
  try {
    return parseInput(schema, value);
  } catch (error) {
    const result = schema.safeParse(value);
    const issue = result.success ? undefined : result.error.issues[0];
    const param = issue?.path.length ? issue.path.join(".") : part;
    const message = error instanceof Error ? error.message : "Invalid request.";
    throw new MerchantError(400, "parameter_error", message, { param });
  }
}

/** A v1 refusal of bad input that the schema cannot say (two fields that exclude each other…). */
export const v1BadRequest = (message: string) => badRequest(`Invalid request. ${message}`);
