// The widget's styles, scoped by the `pw-` class prefix and themed through the custom properties of theme.ts. The
// host page's own element rules (button, p, dl…) do not reach inside: every element of the widget but its SVG icons
// is reverted to the browser's defaults first (`all: revert`, at the specificity of one class, which a host's element
// selectors cannot beat), and the root resets what a host's body would pass on by inheritance.
// Sizes and timings are docs/checkout.md's: input height 3rem, main column 544px on wide layouts, card form at
// least 210px, spinner 2 s, banner slide 300 ms with a 500 ms content fade after 50 ms, pricing 0.2 s.
import { DARK_MODAL_COLORS } from "./theme";

// The widget's root: a checkout or Test Store modal, not a paywall (the paywall's root is a `pw-root` too, with its
// own reset in paywall-css.ts, and these rules must not restyle a paywall that a checkout is opened over). The
// `:where` keeps the specificity of one class.
const ROOT = ".pw-root:where(:not(.pw-paywall))";

// The Test Store modal follows the system's dark mode (its colours are theme.ts's, checked for AA contrast there).
export const WIDGET_CSS = `
${ROOT},${ROOT} :where(:not(svg,svg *)){all:revert}
${ROOT}{box-sizing:border-box;font:var(--pw-font-weight,400) var(--pw-font-size,14px)/1.45 var(--pw-font,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);color:var(--pw-form-text);background:var(--pw-form-bg);text-align:start;letter-spacing:normal;word-spacing:normal;text-transform:none;text-indent:0;text-shadow:none;white-space:normal;visibility:visible;cursor:auto}
${ROOT} *,${ROOT} *::before,${ROOT} *::after{box-sizing:inherit;margin:0;padding:0;font:inherit;color:inherit}
${ROOT}:focus,${ROOT} [tabindex="-1"]:focus{outline:none}
${ROOT} :focus-visible{outline:2px solid var(--pw-focus);outline-offset:2px}
${ROOT}.pw-fullscreen{position:fixed;inset:0;z-index:1000001;overflow:auto;background:var(--pw-page-bg)}
${ROOT}.pw-embedded{position:relative;width:100%}
.pw-fullscreen.pw-test-store{display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.5);padding:16px}
.pw-modal{width:100%;max-width:500px;max-height:100%;overflow:auto;background:var(--pw-form-bg);border-radius:8px;padding:24px;display:grid;gap:16px}
@media (prefers-color-scheme:dark){.pw-test-store .pw-modal{--pw-form-bg:${DARK_MODAL_COLORS.bg};--pw-form-text:${DARK_MODAL_COLORS.text};--pw-accent-text:var(--pw-accent-text-dark);--pw-focus:${DARK_MODAL_COLORS.focus};color:var(--pw-form-text);color-scheme:dark}}
@media (max-width:767px){.pw-test-store.pw-fullscreen{padding:0}.pw-modal{max-width:none;height:100%;border-radius:0}}
.pw-checkout{min-height:100%;display:flex;flex-direction:column}
.pw-cols{display:flex;flex-direction:column;flex:1}
.pw-wide .pw-cols{flex-direction:row}
.pw-wide{font-size:var(--pw-font-size-wide,14px)}
.pw-product{background:var(--pw-product-bg);color:var(--pw-product-text);padding:24px;display:grid;gap:12px;align-content:start}
.pw-main{flex:1;background:var(--pw-form-bg);padding:24px;display:grid;gap:16px;align-content:start}
.pw-wide .pw-product{flex:1;padding:48px;justify-content:end}
.pw-wide .pw-main{flex:0 1 544px;padding:48px}
.pw-header{display:flex;align-items:center;gap:12px;min-height:40px;padding:8px 24px}
.pw-header img{max-height:40px;max-width:160px}
.pw-app-name{font-size:16px;font-weight:600}
.pw-close{margin-inline-start:auto;width:40px;height:40px;border:0;background:none;cursor:pointer;font-size:24px;line-height:1;border-radius:var(--pw-button-radius)}
.pw-h1{font-size:24px;font-weight:600}
.pw-price{font-size:32px;font-weight:600}
.pw-row{display:flex;justify-content:space-between;gap:12px}
.pw-total{font-weight:600}
.pw-muted{color:var(--pw-accent-text)}
.pw-product .pw-muted{color:inherit}
.pw-pricing{display:grid;gap:8px;border-top:1px solid currentColor;padding-top:12px}
.pw-toggle{cursor:pointer;display:flex;justify-content:space-between;font-weight:500}
.pw-toggle::after{content:"\\25BE";transition:transform .2s}
.pw-toggle[aria-expanded=true]::after{transform:rotate(180deg)}
.pw-wide .pw-toggle{display:none}
.pw-rows{display:grid;gap:8px;animation:pw-fade .2s}
.pw-rows[data-expanded=false]{display:none}
.pw-wide .pw-rows[data-expanded]{display:grid}
.pw-skeleton{color:transparent;background:rgba(127,127,127,.3);border-radius:4px}
.pw-btn{display:flex;align-items:center;justify-content:center;gap:8px;width:100%;min-height:3rem;padding:0 16px;border:0;border-radius:var(--pw-button-radius);background:var(--pw-primary);color:var(--pw-primary-text);font-size:16px;font-weight:600;cursor:pointer}
.pw-btn:hover{background:var(--pw-primary-hover)}
.pw-btn:active{background:var(--pw-primary-pressed)}
.pw-btn:disabled,.pw-btn[aria-disabled="true"]{opacity:.5;cursor:default;background:var(--pw-primary)}
.pw-btn-secondary{background:none;color:inherit;border:1px solid currentColor}
.pw-btn-secondary:hover,.pw-btn-secondary:active{background:rgba(127,127,127,.15)}
.pw-divider{display:flex;align-items:center;gap:12px;font-size:12px;color:var(--pw-accent-text)}
.pw-divider::before,.pw-divider::after{content:"";flex:1;border-top:1px solid currentColor}
.pw-card{min-height:210px}
.pw-link{justify-self:start;border:0;background:none;text-decoration:underline;cursor:pointer}
.pw-discount{display:grid;gap:8px}
.pw-discount .pw-row{align-items:center}
.pw-input{flex:1;min-width:0;height:3rem;padding:0 12px;border:1px solid var(--pw-accent);border-radius:var(--pw-input-radius);background:var(--pw-form-bg);color:var(--pw-form-text)}
.pw-discount .pw-btn{width:auto}
.pw-error-text{color:var(--pw-error)}
.pw-notice{border-inline-start:4px solid var(--pw-warning);padding:12px;display:grid;gap:8px;background:rgba(244,233,113,.15)}
.pw-terms{font-size:12px;color:var(--pw-accent-text)}
.pw-page{display:grid;gap:16px;justify-items:center;text-align:center;padding:48px 24px}
.pw-icon{font-size:40px;line-height:1}
.pw-icon-success{color:var(--pw-primary)}
.pw-icon-error{color:var(--pw-error)}
.pw-spinner{width:40px;height:40px;border:4px solid rgba(127,127,127,.3);border-top-color:var(--pw-primary);border-radius:50%;animation:pw-spin 2s linear infinite}
.pw-loading{display:grid;place-items:center;min-height:210px}
.pw-banner{display:flex;align-items:center;gap:12px;padding:8px 16px;background:var(--pw-warning);color:var(--pw-warning-text);font-size:12px;animation:pw-slide .3s ease-out}
.pw-banner>*{animation:pw-fade .5s .05s both}
.pw-banner button{margin-inline-start:auto;border:0;background:none;cursor:pointer;font-size:16px}
.pw-dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}
.pw-dl dt{font-weight:500}
.pw-actions{display:grid;gap:8px}
.pw-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@keyframes pw-spin{to{transform:rotate(360deg)}}
@keyframes pw-fade{from{opacity:0}}
@keyframes pw-slide{from{transform:translateY(-100%)}}
@media (prefers-reduced-motion:reduce){.pw-root,.pw-root *,.pw-root *::after,.pw-banner>*{animation:none!important;transition:none!important}}
`;
