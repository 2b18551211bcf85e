import { isStorableText } from "../http/validate.js";
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { Buffer } from "node:buffer";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { characters } from "../db/schema.js";
import { notFound } from "../http/api-error.js";
import { parseInput } from "../http/validate.js";
import { acceptsGzip } from "../http/content-coding.js";
import { cardFromCharacter } from "./character-card.js";
import { findCharacter } from "./character-store.js";
import { archetypeRgb, defaultPortrait } from "./default-portrait.js";
import { readPngChunks, solidPng, withPngText, writePngChunks } from "./png-chunks.js";

const cardQuery = z.object({
  format: z.enum(["json", "png"], 'format must be "json" or "png"').default("json"),
});

/** The size of the plain PNG a card is exported on when its character has no PNG portrait. */
const EXPORT_PNG_SIZE = 256;

/**
 * `GET /api/characters`, `GET /api/characters/:id`, `GET /api/characters/:id/card` (Character Card V2 as JSON,
 * or `?format=png` as a PNG card with the card in its `chara` text chunk) and `GET /api/characters/:id/portrait`
 * (an imported character's image, or a generated one). Public: the landing page shows characters to visitors.
 *
 * @example
 * await api.register(characterRoutes, { ctx });
 */
export async function characterRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const fullCharacter = async (id: string) => {
    const [row] = isStorableText(id)
      ? await ctx.db.select().from(characters).where(eq(characters.id, id)).limit(1)
      : [];
    if (!row) throw notFound("Character not found");
    return row;
  };

  // From memory, encoded and compressed once per snapshot, with a strong ETag per representation: a browser
  // that has the list gets 304 and no body.
  app.get("/characters", { config: { anonymous: true } }, async (request, reply) => {
    const list = await ctx.characters.current();
    const gzip = acceptsGzip(request.headers["accept-encoding"]);
    reply
      .header("etag", gzip ? list.gzipEtag : list.etag)
      .header("cache-control", "public, no-cache")
      .header("vary", "accept-encoding");
    const known = request.headers["if-none-match"];
    if (known === list.etag || known === list.gzipEtag) return reply.code(304).send();
    if (gzip) reply.header("content-encoding", "gzip");
    return reply.type("application/json; charset=utf-8").send(gzip ? list.gzipped : list.body);
  });

  app.get<{ Params: { id: string } }>("/characters/:id", async (request) => {
    const character = await findCharacter(ctx, request.params.id);
    if (!character) throw notFound("Character not found");
    return character;
  });

  app.get<{ Params: { id: string } }>("/characters/:id/card", async (request, reply) => {
    const { format } = parseInput(cardQuery, request.query);
    const character = await fullCharacter(request.params.id);
    const card = cardFromCharacter(character);
    if (format === "json") {
      return reply.header("content-disposition", `attachment; filename="${character.id}.json"`).send(card);
    }
    const image = character.portraitPng
      ? Buffer.from(character.portraitPng, "base64")
      : solidPng(EXPORT_PNG_SIZE, archetypeRgb(character.archetype));
    const encoded = Buffer.from(JSON.stringify(card), "utf8").toString("base64");
    return reply
      .type("image/png")
      .header("content-disposition", `attachment; filename="${character.id}.png"`)
      .send(writePngChunks(withPngText(readPngChunks(image), "chara", encoded)));
  });

  app.get<{ Params: { id: string } }>("/characters/:id/portrait", async (request, reply) => {
    const character = await fullCharacter(request.params.id);
    reply.header("cache-control", "public, max-age=3600");
    if (character.portraitPng)
      return reply.type("image/png").send(Buffer.from(character.portraitPng, "base64"));
    return reply.type("image/svg+xml").send(defaultPortrait(character.name, character.archetype));
  });
}
