/**
 * What moderation decided about a message: allow it, block it (never stored or answered), or answer with
 * support instead of role-play.
 */
export type ModerationVerdict =
  | { action: "allow" }
  | { action: "block"; category: "sexual_minors" }
  | { action: "support"; category: "self_harm" };

/**
 * Checks a user's message before it is stored or answered. The built-in rule set is the default; an
 * OpenAI-compatible moderation endpoint can implement the same interface.
 *
 * @example
 * const verdict = await moderator.check(content);
 * if (verdict.action === "block") throw contentPolicy();
 */
export interface Moderator {
  check(text: string): Promise<ModerationVerdict>;
  /**
   * True when `check` answers in-process, without a network call or a cost per call: a send then moderates its
   * message before its claim, which stores it in the same statement. Otherwise (a remote moderation endpoint)
   * the claim comes first, so a chat that is not the user's or a send over the limit costs no moderation call.
   */
  readonly local?: boolean;
}
