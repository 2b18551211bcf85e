// Markup payloads and a probe that tells whether a page rendered any of them as markup, shared by the SDK's and
// Realmheart's real-browser XSS tests. Every payload would set `window.__xss` (and most would open an alert) if it
// ran, and carries a `data-xss` attribute, so an element it created is found even where a CSP stopped it running.

/**
 * One payload per way in: an image's error handler, an inline script, an SVG's load handler, a `javascript:` link,
 * a markdown link to `javascript:`, an iframe's `srcdoc`. Each is at most 50 characters (Realmheart's name limit).
 */
export const XSS_PAYLOADS = Object.freeze({
  img: `<img src=x data-xss onerror="__xss=1;alert(1)">`,
  script: `<script data-xss>__xss=2;alert(2)</script>`,
  svg: `<svg data-xss onload="__xss=3;alert(3)">`,
  link: `<a data-xss href="javascript:__xss=4">go</a>`,
  markdownLink: `[go](javascript:__xss=5;alert(5))`,
  iframe: `<iframe data-xss srcdoc="<b onmouseover=x>">`,
});

/** Attributes whose value is a URL that would run a `javascript:` scheme. */
const URL_ATTRIBUTES = ["href", "src", "action", "formaction", "xlink:href", "data"];

// Runs in the page (as its source text): every element, shadow roots included, that a payload could have made.
/* global document, window */
function findInjected(urlAttributes) {
  const injected = [];
  const visit = (root) => {
    for (const element of root.querySelectorAll("*")) {
      for (const { name, value } of element.attributes) {
        const lower = name.toLowerCase();
        const runsScript =
          lower === "data-xss" ||
          lower === "srcdoc" ||
          lower.startsWith("on") ||
          (urlAttributes.includes(lower) && /^\s*javascript:/i.test(value));
        if (runsScript) injected.push(`<${element.localName} ${name}="${value}">`);
      }
      if (element.localName === "script" && element.textContent.includes("__xss"))
        injected.push(`<script>${element.textContent}</script>`);
      if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  visit(document);
  return {
    xss: window.__xss ?? null,
    injected,
    cspViolations: window.__cspViolations ?? [],
  };
}

// Installed in every document before its own scripts (through the DevTools protocol, which no CSP governs).
const RECORD_CSP_VIOLATIONS = `document.addEventListener("securitypolicyviolation", (e) => {
  (window.__cspViolations ??= []).push(e.violatedDirective + " " + (e.blockedURI || "inline") + " " + e.sample);
});`;

/**
 * Watches a page for what a payload that ran would do: alerts and other dialogs (dismissed), windows it opens, and
 * CSP violations (recorded in each of its documents as `window.__cspViolations`). Call before the first navigation.
 *
 * @example
 * const watch = await watchForXss(page);
 * await page.goto(url);
 * expect(await xssReport(page, watch)).toEqual(INERT);
 */
export async function watchForXss(page) {
  const watch = { dialogs: [], popups: [] };
  await page.context().addInitScript(RECORD_CSP_VIOLATIONS);
  const onDialog = (dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  };
  page.on("dialog", onDialog);
  page.on("popup", (popup) => {
    watch.popups.push(popup.url() || "about:blank");
    popup.on("dialog", onDialog);
  });
  return watch;
}

/**
 * What the page shows of a payload having been taken as markup: `window.__xss`, elements or attributes a payload
 * made, CSP violations, dialogs and new windows since `watchForXss`. {@link INERT} when nothing was.
 *
 * @example
 * expect(await xssReport(page, watch), "the chat list").toEqual(INERT);
 */
export async function xssReport(page, watch) {
  const found = await page.evaluate(`(${findInjected.toString()})(${JSON.stringify(URL_ATTRIBUTES)})`);
  return { ...found, dialogs: [...watch.dialogs], popups: [...watch.popups] };
}

/** The report of a page on which no payload became markup. */
export const INERT = Object.freeze({ xss: null, injected: [], cspViolations: [], dialogs: [], popups: [] });
