/**
 * Text made safe inside HTML (element content and quoted attributes): `& < > " '` become numeric entities.
 *
 * @example
 * escapeHtml('<b title="x">'); // "&#60;b title=&#34;x&#34;&#62;"
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
