// The code blocks a guide marks for its tests: `<!-- getting-started-test: NAME -->` on the line before a fenced
// block names that block, so the test runs what the reader copies, not a retyped copy of it.

const MARKED_BLOCK = /<!-- getting-started-test: ([\w.-]+) -->\s*\n```[^\n]*\n([\s\S]*?)\n```/g;

/**
 * The marked code blocks of `markdown`, by name; a name marked twice is refused.
 *
 * @example
 * markedSnippets(readFileSync("docs/getting-started.md", "utf8")).get("main.ts");
 */
export function markedSnippets(markdown: string): Map<string, string> {
  const snippets = new Map<string, string>();
  for (const [, name, code] of markdown.matchAll(MARKED_BLOCK)) {
    if (snippets.has(name!)) throw new Error(`the snippet ${name} is marked twice`);
    snippets.set(name!, `${code}\n`);
  }
  return snippets;
}

/** The snippet called `name`; a guide that lost it fails the test here rather than with a blank page. */
export function snippet(snippets: Map<string, string>, name: string): string {
  const code = snippets.get(name);
  if (code === undefined) throw new Error(`docs/getting-started.md marks no snippet ${name}`);
  return code;
}

/**
 * Every fenced block of `language` in `markdown`, marked or not, in order.
 *
 * @example
 * fencedBlocks(markdown, "ts").length;
 */
export function fencedBlocks(markdown: string, language: string): string[] {
  const fence = new RegExp("^```" + language + "[^\\S\\n]*\\n([\\s\\S]*?)\\n```", "gm");
  return [...markdown.matchAll(fence)].map(([, code]) => `${code}\n`);
}
