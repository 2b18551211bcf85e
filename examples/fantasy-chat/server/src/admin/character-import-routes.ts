import type { FastifyInstance } from "fastify";
import { guardFields } from "../safety/guard-fields.js";
import { Buffer } from "node:buffer";
import { requireAdmin } from "../auth/authenticate.js";
import { characterCardSchema, type CharacterCard } from "../characters/character-card.js";
import { importCharacter } from "../characters/import-character.js";
import { PngError, readPngChunks, readPngText } from "../characters/png-chunks.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/api-error.js";
import { parseInput } from "../http/validate.js";

/** Cards with a large character book or a big portrait exceed the API's usual 1 MiB. */
const CARD_BODY_LIMIT = 10 * 1024 * 1024;

const invalidCard = (message: string) => new ApiError(400, message, "invalid_card");

/** The card JSON inside a PNG card: the `tEXt` chunk `chara`, base64 of UTF-8 JSON. */
function cardJsonFromPng(png: Buffer): unknown {
  let encoded: string | null;
  try {
    encoded = readPngText(readPngChunks(png), "chara");
  } catch (error) {
    if (error instanceof PngError) throw invalidCard(error.message);
    throw error;
  }
  if (encoded === null) throw invalidCard('The PNG has no character card (no "chara" text chunk)');
  try {
    return JSON.parse(Buffer.from(encoded, "base64").toString("utf8"));
  } catch {
    throw invalidCard("The PNG's character card is not valid base64 JSON");
  }
}

/**
 * `POST /api/admin/characters/import`: a Character Card V2 as JSON (`application/json`) or as a PNG card
 * (`image/png`, the card in its `chara` text chunk; the image becomes the portrait). Answers 201 with the new
 * character as `GET /api/characters/:id` shows it. Admins only (checked on the server); 400 `invalid_card` for
 * a PNG without a readable card, 400 `validation_error` for a card that is not V2.
 *
 * @example
 * await api.register(characterImportRoutes, { ctx });
 */
export async function characterImportRoutes(
  app: FastifyInstance,
  { ctx }: { ctx: AppContext },
): Promise<void> {
  // onRequest, before the body is read: a 10 MiB card is never parsed for someone who may not import it.
  app.addHook("onRequest", async (request) => {
    requireAdmin(request);
  });
  app.addContentTypeParser(
    "image/png",
    { parseAs: "buffer", bodyLimit: CARD_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post("/admin/characters/import", { bodyLimit: CARD_BODY_LIMIT }, async (request, reply) => {
    const png = Buffer.isBuffer(request.body) ? request.body : null;
    const card: CharacterCard = parseInput(characterCardSchema, png ? cardJsonFromPng(png) : request.body);
    const { data } = card;
    await guardFields(ctx.safety, {
      name: data.name,
      description: data.description,
      personality: data.personality,
      scenario: data.scenario,
      first_mes: data.first_mes,
      mes_example: data.mes_example,
      system_prompt: data.system_prompt,
      post_history_instructions: data.post_history_instructions,
      alternate_greetings: data.alternate_greetings.join("\n"),
      tags: data.tags.join(", "),
    });
    const character = await importCharacter(ctx.db, card, png);
    ctx.characters.invalidate();
    return reply.status(201).send(character);
  });
}
