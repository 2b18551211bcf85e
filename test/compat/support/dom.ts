// A happy-dom document for the checkout modals and paywalls, installed into the Node environment by hand rather
// than with vitest's happy-dom environment: that one also replaces fetch, URL and AbortController with
// happy-dom's, which the billing server in this process cannot run on and which would put happy-dom's CORS rules
// between the SDKs and the server. Both SDKs reach the server with Node's fetch; only the DOM is simulated.
import { Window } from "happy-dom";
import { populateGlobal } from "vitest/runtime";

/** Installs the DOM globals; the returned function removes them again. */
export function installDom(): () => Promise<void> {
  const win = new Window({ url: "http://localhost:3000", settings: { disableErrorCapturing: true } });
  const { keys, originals } = populateGlobal(globalThis, win, { bindFunctions: true });
  return async () => {
    await win.happyDOM.abort();
    win.close();
    for (const key of keys) delete (globalThis as Record<string, unknown>)[key];
    for (const [key, value] of originals) (globalThis as Record<string | symbol, unknown>)[key] = value;
  };
}

/**
 * An element's text with all white space removed: the two SDKs lay the same words out in different elements, so
 * only the characters are compared.
 */
export const compact = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, "");

/** The compact text of every element in the document, outermost first. */
export function elementTexts(): string[] {
  return [...document.body.querySelectorAll("*")].map((element) => compact(element.textContent));
}

/**
 * Waits for an enabled button whose compact text is `label` (or matches it) and clicks it; returns without a
 * click once `stop()` is true.
 */
export async function clickButton(
  label: string | RegExp,
  stop: () => boolean,
  timeoutMs = 10_000,
): Promise<void> {
  const wanted = typeof label === "string" ? compact(label) : label;
  const matches = (text: string) => (typeof wanted === "string" ? text === wanted : wanted.test(text));
  const deadline = Date.now() + timeoutMs;
  while (!stop()) {
    const found = [...document.querySelectorAll<HTMLButtonElement>("button, [role=button]")].find(
      (button) => matches(compact(button.textContent)) && !button.disabled,
    );
    if (found) return found.click();
    if (Date.now() > deadline)
      throw new Error(`no enabled button "${label}" appeared within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
