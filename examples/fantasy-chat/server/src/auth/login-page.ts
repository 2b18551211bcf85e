import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { LOGIN_PAGE_SCRIPT } from "./login-page-script.js";

const STYLE = `
:root { color-scheme: dark; --bg: #160b1f; --card: #241433; --text: #f6eefc; --muted: #cbb8d9;
  --accent: #c9a227; --primary: #8b2252; --error: #ff8a8a; --focus: #ffd666; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; font: 16px/1.5 system-ui, sans-serif; color: var(--text);
  background: radial-gradient(circle at top, #3a1233, var(--bg) 60%); }
main { max-width: 28rem; margin: 0 auto; padding: 2rem 1rem 3rem; }
h1 { font-family: Georgia, serif; color: var(--accent); text-align: center; margin: 0 0 .25rem; font-size: 2rem; }
.tagline { text-align: center; color: var(--muted); margin: 0 0 1rem; }
.new-here { text-align: center; margin: 0 0 1.5rem; }
section:target, h2:target { scroll-margin-top: 1rem; }
section { background: var(--card); border-radius: 1rem; padding: 1.5rem; margin-bottom: 1.5rem;
  border: 1px solid #4a2c5e; }
h2 { margin: 0 0 1rem; font-size: 1.25rem; }
.field { margin-bottom: 1rem; }
label { display: block; font-weight: 600; margin-bottom: .25rem; }
input { width: 100%; padding: .65rem .75rem; border-radius: .5rem; border: 1px solid #6d4c82;
  background: #1a0e25; color: var(--text); font: inherit; }
input[aria-invalid="true"] { border-color: var(--error); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.hint { color: var(--muted); font-size: .875rem; margin: .25rem 0 0; }
.field-error, .form-error { color: var(--error); font-size: .9rem; margin: .25rem 0 0; }
.form-error:empty, .field-error:empty { display: none; }
.row { display: flex; gap: .75rem; } .row .field { flex: 1; }
button { width: 100%; padding: .75rem; border: 0; border-radius: .5rem; background: var(--primary);
  color: #fff; font: inherit; font-weight: 700; cursor: pointer; }
button[disabled] { opacity: .7; cursor: progress; }
.footer { text-align: center; color: var(--muted); font-size: .875rem; }
a { color: var(--accent); }
`;

function field(form: string, name: string, label: string, type: string, autocomplete: string, hint = "") {
  const id = `${form}-${name}`;
  const hintId = hint ? `${id}-hint` : "";
  return `<div class="field">
  <label for="${id}">${label}</label>
  <input id="${id}" name="${name}" type="${type}" autocomplete="${autocomplete}" required${
    type === "password" && form === "register" ? ' minlength="8"' : ""
  } aria-describedby="${[hintId, `${id}-error`].filter(Boolean).join(" ")}">
  ${hint ? `<p class="hint" id="${hintId}">${hint}</p>` : ""}
  <p class="field-error" id="${id}-error"></p>
</div>`;
}

/** The sign-in / sign-up page for local accounts. */
export const LOGIN_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Realmheart</title>
<style>${STYLE}</style>
<script src="/api/login/script.js" defer></script>
</head>
<body>
<main>
  <h1>Realmheart</h1>
  <p class="tagline">Your story awaits beyond the veil.</p>
  <p class="new-here">New to Realmheart? <a href="#register-title">Create an account</a> and start your 7-day free trial.</p>
  <noscript><p class="form-error">Please enable JavaScript to sign in.</p></noscript>
  <section aria-labelledby="login-title">
    <h2 id="login-title">Sign in</h2>
    <form id="login" action="/api/auth/login" method="post" novalidate>
      ${field("login", "email", "Email", "email", "email")}
      ${field("login", "password", "Password", "password", "current-password")}
      <p class="form-error" id="login-error" role="alert" aria-live="assertive"></p>
      <button type="submit">Sign in</button>
    </form>
    <p class="footer"><a href="/forgot-password">Forgot password?</a></p>
  </section>
  <section aria-labelledby="register-title">
    <h2 id="register-title">Create an account</h2>
    <form id="register" action="/api/auth/register" method="post" novalidate>
      <div class="row">
        ${field("register", "firstName", "First name", "text", "given-name")}
        ${field("register", "lastName", "Last name", "text", "family-name")}
      </div>
      ${field("register", "email", "Email", "email", "email")}
      ${field("register", "password", "Password", "password", "new-password", "At least 8 characters.")}
      <p class="form-error" id="register-error" role="alert" aria-live="assertive"></p>
      <button type="submit">Create account</button>
    </form>
  </section>
  <p class="footer">Realmheart is for adults only (18+). <a href="/">Back to the home page</a></p>
</main>
</body>
</html>
`;

/**
 * `GET /api/login`: the local sign-in / sign-up page (and its script, kept external so the CSP needs no
 * inline scripts). When `OIDC_ISSUER_URL` is configured, `oidc-routes.ts` registers its `/login` redirect in
 * place of this one.
 *
 * @example
 * await api.register(loginPageRoutes, { ctx });
 */
export async function loginPageRoutes(app: FastifyInstance, _options: { ctx: AppContext }): Promise<void> {
  app.get("/login", async (request, reply) => {
    if (request.user) return reply.redirect("/", 302);
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(LOGIN_PAGE_HTML);
  });
  app.get("/login/script.js", async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(LOGIN_PAGE_SCRIPT),
  );
}
