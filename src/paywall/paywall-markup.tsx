import type { ComponentChildren } from "preact";

// The markup of paywall texts (docs/checkout.md): **bold** (or __bold__), *italic* (or _italic_), ~~strikethrough~~,
// `code`, [links](https://…) and line breaks. Texts become elements and strings, never HTML, so markup in a
// translation or a product name cannot inject anything.
const INLINE =
  /`([^`]+)`|\*\*(.+?)\*\*|__(.+?)__|~~(.+?)~~|\*(.+?)\*|(?<!\w)_(.+?)_(?!\w)|\[([^\]]+)\]\(([^)\s]+)\)/;

/** Links may only leave for web pages and mail. */
export const isSafeUrl = (url: string) => /^(?:https?:\/\/|mailto:)/i.test(url);

function inline(text: string, leaf: (text: string) => string): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  let rest = text;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) {
      out.push(leaf(rest));
      break;
    }
    if (m.index > 0) out.push(leaf(rest.slice(0, m.index)));
    const [, code, bold1, bold2, strike, italic1, italic2, label, url] = m;
    const inner = (s: string) => inline(s, leaf);
    if (code !== undefined) out.push(<code>{leaf(code)}</code>);
    else if (bold1 !== undefined || bold2 !== undefined)
      out.push(<strong>{inner((bold1 ?? bold2)!)}</strong>);
    else if (strike !== undefined) out.push(<s>{inner(strike)}</s>);
    else if (italic1 !== undefined || italic2 !== undefined)
      out.push(<em>{inner((italic1 ?? italic2)!)}</em>);
    else if (label !== undefined && url !== undefined) {
      const href = leaf(url);
      out.push(
        isSafeUrl(href) ? (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {inner(label)}
          </a>
        ) : (
          inner(label)
        ),
      );
    }
    rest = rest.slice(m.index + m[0].length);
  }
  return out;
}

/**
 * Renders a paywall text's markup as Preact children; `leaf` maps each plain piece (it fills in variables, so
 * their values are never read as markup).
 *
 * @example
 * renderMarkup("**Save** {{ sub_relative_discount }}\nCancel anytime", (s) => s);
 * // [<strong>Save</strong>, " {{ sub_relative_discount }}", <br/>, "Cancel anytime"]
 */
export function renderMarkup(text: string, leaf: (text: string) => string): ComponentChildren[] {
  return text.split(/\r?\n/).flatMap((line, i) => [...(i > 0 ? [<br />] : []), ...inline(line, leaf)]);
}
