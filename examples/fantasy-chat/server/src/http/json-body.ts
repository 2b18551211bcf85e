import type { FastifyInstance } from "fastify";

/**
 * Parses JSON bodies with Fastify's own (prototype-poisoning-safe) parser, but reads an empty body as no body:
 * clients POST actions such as `/api/auth/verify-age` with a JSON content type and nothing to send.
 *
 * @example
 * installLenientJsonParser(api);
 */
export function installLenientJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === "") return done(null, undefined);
    return parseJson(request, text, done);
  });
}
