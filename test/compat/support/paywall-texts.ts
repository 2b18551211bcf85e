// Finding a paywall's texts on the page. The two renderers lay the same words out in different elements, with
// different white space, so each text is looked for by its template in the compact text of the innermost element
// that shows it.

/**
 * A paywall text's template as a pattern over an element's text without white space: the literal words must be
 * there, and each `{{ placeholder }}` captures what the SDK put in its place. Null for a text of placeholders only,
 * which has nothing to find it by.
 */
export function templatePattern(template: string): RegExp | null {
  const literals = template
    .replace(/\*\*/g, "")
    .split(/\{\{.*?\}\}/)
    .map((part) => part.replace(/\s+/g, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return literals.some((part) => part !== "") ? new RegExp(`^${literals.join("(.+?)")}$`) : null;
}

/** What the page shows for each paywall text: its placeholders' values ([] for plain text), or "not shown". */
export function shownTexts(templates: Record<string, string>, elementTexts: string[]) {
  return Object.fromEntries(
    Object.entries(templates).map(([lid, template]) => {
      const pattern = templatePattern(template);
      if (!pattern) return [lid, "placeholders only"];
      // The innermost element showing the text: its ancestors show more than it.
      const shown = elementTexts.filter((text) => pattern.test(text)).sort((a, b) => a.length - b.length)[0];
      return [lid, shown === undefined ? "not shown" : pattern.exec(shown)!.slice(1)];
    }),
  );
}
