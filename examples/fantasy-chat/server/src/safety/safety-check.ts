import { assessText, type SafetyAssessment } from "./assess-text.js";

/**
 * Assesses a user's text before anything else reads it (see {@link assessText}). The built-in rules are the
 * default; an OpenAI-compatible moderation endpoint may add to them (see model-moderation.ts), never replace them.
 *
 * @example
 * const assessment = await ctx.safety.check(content);
 * if (assessment.verdict === "refused") throw contentPolicyViolation();
 */
export interface SafetyCheck {
  check(text: string): Promise<SafetyAssessment>;
  /**
   * True when `check` answers in-process, without a network call or a cost per call: a send then assesses its
   * message before its claim, which stores it in the same statement. Otherwise (a remote moderation endpoint) the
   * claim comes first, so a chat that is not the user's or a send over the limit costs no moderation call.
   */
  readonly local?: boolean;
}

/**
 * The built-in rules alone: pure, in-process.
 *
 * @example
 * await safetyRules.check("i want to kill myself"); // { verdict: "crisis", language: "en", reasons: ["direct"] }
 */
export const safetyRules: SafetyCheck = {
  local: true,
  async check(text: string): Promise<SafetyAssessment> {
    return assessText(text);
  },
};
