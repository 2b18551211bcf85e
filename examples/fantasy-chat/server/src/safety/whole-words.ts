/**
 * A pattern of whole words over a safety view (which holds only lower-case letters, digits and single spaces): the
 * crisis phrase families and the minors rules are both written with it.
 *
 * @example
 * wholeWords("kill myself|end my life").test("i want to end my life"); // true
 */
export const wholeWords = (source: string): RegExp => new RegExp(`(?<![a-z0-9])(?:${source})(?![a-z0-9])`);
