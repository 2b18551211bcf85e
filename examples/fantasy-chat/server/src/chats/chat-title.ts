/** Longest chat title taken from a first message. */
export const TITLE_MAX_LENGTH = 60;

/**
 * A chat's title from its first message: whitespace collapsed, cut at a word boundary with an ellipsis when
 * longer than {@link TITLE_MAX_LENGTH}.
 *
 * @example
 * titleFromMessage("Tell me about   the dragons of the north"); // "Tell me about the dragons of the north"
 */
export function titleFromMessage(message: string): string {
  const text = message.replace(/\s+/g, " ").trim();
  if (text.length <= TITLE_MAX_LENGTH) return text;
  const room = text.slice(0, TITLE_MAX_LENGTH - 1);
  const space = room.lastIndexOf(" ");
  const cut = space >= TITLE_MAX_LENGTH / 2 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,.;:!?-]+$/, "")}…`;
}
