import type { FastifyInstance } from "fastify";
import { asc } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { characters } from "../db/schema.js";
import { notFound } from "../http/api-error.js";
import { characterColumns, findCharacter } from "./character-store.js";

/**
 * `GET /api/characters` and `GET /api/characters/:id`. Public: the landing page shows characters to visitors.
 *
 * @example
 * await api.register(characterRoutes, { ctx });
 */
export async function characterRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get("/characters", async () =>
    ctx.db.select(characterColumns).from(characters).orderBy(asc(characters.position), asc(characters.id)),
  );

  app.get<{ Params: { id: string } }>("/characters/:id", async (request) => {
    const character = await findCharacter(ctx, request.params.id);
    if (!character) throw notFound("Character not found");
    return character;
  });
}
