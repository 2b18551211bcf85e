import { ApiError } from "../http/api-error.js";
import type { Moderator } from "./moderator.js";

/**
 * Moderates every text that will reach a prompt or another user (a chat title, a profile's name and backstory, an
 * imported card's fields), not only chat messages: a "block" verdict on any field refuses the whole request with 400
 * `content_policy`, naming the fields. A self-harm verdict does not refuse: the text is the user's own, and the
 * messages that carry it get the supportive reply.
 *
 * @example
 * await moderateFields(ctx.moderator, { preferredName: input.preferredName, backstory: input.backstory });
 */
export async function moderateFields(
  moderator: Moderator,
  fields: Record<string, string | null | undefined>,
): Promise<void> {
  const refused: Record<string, string> = {};
  for (const [name, text] of Object.entries(fields)) {
    if (!text) continue;
    if ((await moderator.check(text)).action === "block")
      refused[name] = "This text violates content guidelines";
  }
  if (Object.keys(refused).length > 0) {
    throw new ApiError(400, "This text violates content guidelines", "content_policy", refused);
  }
}
