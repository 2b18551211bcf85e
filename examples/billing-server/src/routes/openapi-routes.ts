import type { FastifyInstance } from "fastify";
import { openApiDocument } from "../merchant/openapi-document.js";
import type { MerchantApi } from "../merchant/merchant-route.js";

/**
 * `GET /openapi.json`: the OpenAPI 3.1 document of the merchant API, made once from the routes' schemas (after every
 * route is registered), with the plugin's prefix as its server. Takes no key: it describes, it holds nothing.
 */
export async function openApiRoutes(app: FastifyInstance, { api }: { api: MerchantApi }) {
  let document: string | null = null;
  app.get("/openapi.json", { config: { public: true } }, async (_request, reply) => {
    document ??= JSON.stringify({ ...openApiDocument(api), servers: [{ url: app.prefix || "/" }] });
    return reply.type("application/json; charset=utf-8").send(document);
  });
}
