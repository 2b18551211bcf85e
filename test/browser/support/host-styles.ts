// A host page's hostile element rules, and how each element of an SDK surface looks, so a test can show that the
// host's rules do not reach inside (the checkout widget, the Test Store modal, the paywall).
import type { Page } from "playwright-core";

/** Element rules a host page commonly has, each of which would visibly change an SDK surface if it leaked in. */
export const HOSTILE_HOST_CSS = `body{letter-spacing:3px;text-transform:uppercase;line-height:4;font-style:italic;text-indent:30px;color:rgb(200,0,0)}
  button{background:rgb(255,0,0);border:7px dotted green;box-shadow:0 0 9px blue;text-transform:lowercase;padding:30px}
  h1,h2{text-decoration:underline;margin:40px;font-size:60px}
  p,span{margin:40px;text-indent:50px}
  dl,dt,dd{display:inline;float:right;padding:20px}
  img{border:5px solid orange;padding:10px}
  div{padding:12px;border:2px solid purple}`;

/** The properties a host's element rules most often set. */
const PROPERTIES = [
  "background-color",
  "border-top-style",
  "border-top-width",
  "box-shadow",
  "color",
  "display",
  "float",
  "font-size",
  "font-style",
  "letter-spacing",
  "line-height",
  "margin-top",
  "padding-top",
  "text-decoration-line",
  "text-indent",
  "text-transform",
];

/** Each element under (and including) the first `rootSelector` but SVG icons: its tag, class and {@link PROPERTIES}. */
export function elementLooks(page: Page, rootSelector: string): Promise<string[]> {
  return page.evaluate(
    ({ rootSelector, properties }) => {
      const root = document.querySelector(rootSelector)!;
      return [root, ...root.querySelectorAll("*")]
        .filter((element) => !element.closest("svg"))
        .map((element) => {
          const style = getComputedStyle(element);
          return `${element.tagName} ${element.className}: ${properties.map((p) => style.getPropertyValue(p)).join("; ")}`;
        });
    },
    { rootSelector, properties: PROPERTIES },
  );
}
