import type { FastifyInstance, FastifyReply } from "fastify";

const ALLOWED_HEADERS =
  "Authorization, Content-Type, Accept, X-Platform, X-Version, X-Is-Sandbox, X-Platform-Flavor, X-Platform-Flavor-Version";

/**
 * Lets `origin` read the answer when the project allows it; `allowed` null means any origin (answers that carry
 * nothing of a project's, such as a refused API key).
 */
export function allowOrigin(reply: FastifyReply, origin: string | undefined, allowed: string[] | null): void {
  if (!origin || (allowed && !allowed.includes(origin))) return;
  reply.header("Access-Control-Allow-Origin", allowed ? origin : "*");
  reply.header("Vary", "Origin");
}

/**
 * Answers CORS preflights. They carry no API key, so they are answered for any origin; the real request is then
 * checked against the key's project's allowed origins ({@link allowOrigin}).
 */
export function answerPreflights(app: FastifyInstance): void {
  app.options("/*", async (request, reply) => {
    const origin = request.headers.origin;
    if (origin) {
      reply.header("Access-Control-Allow-Origin", origin);
      reply.header("Vary", "Origin");
    }
    reply.header("Access-Control-Allow-Methods", "GET, POST, PATCH, OPTIONS");
    reply.header("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    reply.header("Access-Control-Max-Age", "600");
    return reply.status(204).send();
  });
}
