import { escapeHtml } from "../../http/escape-html.js";
import { formatRand } from "../../premium/money.js";
import type { SandboxTransaction } from "./sandbox-gateway.js";

const STYLE = `
body { margin: 0; min-height: 100vh; display: grid; place-items: center; font: 16px/1.5 system-ui, sans-serif;
  color: #1d1b26; background: #eff3fa; }
main { width: min(28rem, 100% - 2rem); margin: 1rem; padding: 1.5rem; background: #fff; border-radius: 12px;
  box-shadow: 0 4px 24px rgb(0 0 0 / 0.12); }
.banner { margin: 0 0 1rem; padding: 0.5rem 0.75rem; border-radius: 8px; background: #f4e971; color: #1d1b26; }
h1 { margin: 0 0 0.5rem; font-size: 1.4rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; margin: 1rem 0; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
.amount { font-size: 1.25rem; font-weight: 700; }
fieldset { border: 1px solid #c9cdd6; border-radius: 8px; margin: 1rem 0; }
.actions { display: flex; gap: 0.75rem; flex-wrap: wrap; }
button, .button { font: inherit; padding: 0.65rem 1.25rem; border-radius: 8px; border: 2px solid #576cdb;
  cursor: pointer; text-decoration: none; display: inline-block; }
.approve, .button { background: #576cdb; color: #fff; }
.decline { background: #fff; color: #b0171f; border-color: #b0171f; }
:focus-visible { outline: 3px solid #1148b8; outline-offset: 2px; }
@media (prefers-reduced-motion: no-preference) { button { transition: filter 0.15s; } }
button:hover { filter: brightness(0.9); }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Sandbox payment</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner" role="note"><strong>Sandbox:</strong> a test gateway. No card is charged and no money moves.</p>
${body}
</main>
</body>
</html>
`;
}

function details(transaction: SandboxTransaction): string {
  return `<dl>
<dt>Amount</dt><dd class="amount">${escapeHtml(formatRand(transaction.amount))}</dd>
<dt>Email</dt><dd>${escapeHtml(transaction.email)}</dd>
<dt>Reference</dt><dd><code>${escapeHtml(transaction.reference)}</code></dd>
</dl>`;
}

/**
 * The sandbox's authorization page for a pending checkout: what is paid, by whom, and the two choices, as a plain
 * form (no script) posting `decision=approve|decline` to the same address.
 *
 * @example
 * reply.type("text/html; charset=utf-8").send(authorizationPage(transaction, "/sandbox/authorize/rh-…"));
 */
export function authorizationPage(transaction: SandboxTransaction, action: string): string {
  return page(
    "Confirm your payment",
    `<h1>Confirm your payment</h1>
<p>${escapeHtml(transaction.description)}</p>
${details(transaction)}
<form method="post" action="${escapeHtml(action)}">
<fieldset>
<legend>Test options</legend>
<label><input type="checkbox" name="decline_charges" value="on"> Decline later charges on this card (to try a failed renewal)</label>
</fieldset>
<div class="actions">
<button type="submit" class="approve" name="decision" value="approve">Approve</button>
<button type="submit" class="decline" name="decision" value="decline">Decline</button>
</div>
</form>`,
  );
}

/**
 * The page for a checkout that was already approved or declined (the back button, a second tab): it says so and
 * links back to the app's callback.
 *
 * @example
 * reply.send(decidedPage(transaction, returnUrl));
 */
export function decidedPage(transaction: SandboxTransaction, returnUrl: string): string {
  const outcome = transaction.status === "success" ? "approved" : "declined";
  return page(
    `Payment ${outcome}`,
    `<h1>This payment was already ${outcome}</h1>
${details(transaction)}
<p><a class="button" href="${escapeHtml(returnUrl)}">Return to the app</a></p>`,
  );
}
