import { ApiError } from "../http/api-error.js";
import { crisisFieldMessage } from "./crisis-reply.js";
import type { SafetyCheck } from "./safety-check.js";

/** What a field refused as sexual content involving minors says. */
const POLICY_MESSAGE = "This text violates content guidelines";

/**
 * Assesses every text that would reach a prompt or another user besides chat messages (a chat title, a profile's
 * name and backstory, an imported card's fields): a field assessed `refused` refuses the whole request with 400
 * `content_policy`, naming the fields; a field assessed `crisis` refuses it with 400 `crisis_support`, whose message
 * gives the crisis lines: such a text is never stored where it would be said back in a story, and its writer is
 * answered with help rather than a bare refusal. Nothing is stored either way.
 *
 * @example
 * await guardFields(ctx.safety, { preferredName: input.preferredName, backstory: input.backstory });
 */
export async function guardFields(
  safety: SafetyCheck,
  fields: Record<string, string | null | undefined>,
): Promise<void> {
  const refused: Record<string, string> = {};
  const crisis: Record<string, string> = {};
  for (const [name, text] of Object.entries(fields)) {
    if (!text) continue;
    const assessment = await safety.check(text);
    if (assessment.verdict === "refused") refused[name] = POLICY_MESSAGE;
    else if (assessment.verdict === "crisis") crisis[name] = crisisFieldMessage(assessment.language);
  }
  if (Object.keys(refused).length > 0) throw new ApiError(400, POLICY_MESSAGE, "content_policy", refused);
  const [first] = Object.values(crisis);
  if (first) throw new ApiError(400, first, "crisis_support", crisis);
}
