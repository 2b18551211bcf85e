import type { FastifyInstance } from "fastify";
import { requireUser } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { parseInput } from "../http/validate.js";
import { guardFields } from "../safety/guard-fields.js";
import { profileSchema } from "./profile-schema.js";
import { getProfile, saveProfile } from "./profile-store.js";

/**
 * `GET /api/profile` and `PUT /api/profile` (the whole profile, validated by docs/product.md's rules).
 *
 * @example
 * await api.register(profileRoutes, { ctx });
 */
export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get("/profile", async (request) => getProfile(ctx.db, requireUser(request)));

  app.put("/profile", async (request) => {
    const user = requireUser(request);
    const input = parseInput(profileSchema, request.body);
    await guardFields(ctx.safety, { preferredName: input.preferredName, backstory: input.backstory });
    return saveProfile(ctx.db, user.id, input, ctx.clock.now());
  });
}
