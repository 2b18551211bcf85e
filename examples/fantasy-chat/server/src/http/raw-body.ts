import type { FastifyInstance } from "fastify";

/**
 * Makes every body of `app`'s routes arrive as the exact bytes sent (a Buffer), whatever its content type, for
 * routes that check a signature over the raw body before parsing it. Register it inside the plugin that holds only
 * those routes: parsers are scoped to their plugin.
 *
 * @example
 * await api.register(async (hooks) => { installRawBodyParser(hooks); hooks.post("/webhooks/paystack", …); });
 */
export function installRawBodyParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
}

/** The request body as bytes: empty when there was none. */
export function rawBodyOf(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}
