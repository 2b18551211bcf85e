// The paywall's own styles under `.pw-paywall` (the checkout's styles may be in the page at the same time). The
// look comes from the paywall document as inline styles; these only lay out and reset. The host page's element
// rules do not reach inside: every element but SVG icons is first reverted to the browser's defaults (`all: revert`
// at the specificity of one class), and the root resets what a host's body would pass on by inheritance. On a wide screen the paywall
// is a centred column of at most 600px (a phone layout stretched over a desktop reads badly).
export const PAYWALL_CSS = `
.pw-paywall,.pw-paywall :where(:not(svg,svg *)){all:revert}
.pw-paywall{box-sizing:border-box;font:400 14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:start;letter-spacing:normal;word-spacing:normal;text-transform:none;text-indent:0;text-shadow:none;white-space:normal;visibility:visible;cursor:auto}
.pw-paywall *,.pw-paywall *::before,.pw-paywall *::after{box-sizing:inherit;margin:0;padding:0}
.pw-paywall-light{color:#111;background:#fff}
.pw-paywall-dark{color:#fff;background:#000}
.pw-paywall.pw-fullscreen{position:fixed;inset:0;z-index:1000001;overflow:auto}
.pw-paywall.pw-embedded{position:relative;width:100%}
.pw-paywall:focus,.pw-paywall [tabindex="-1"]:focus{outline:none}
.pw-paywall :focus-visible{outline:2px solid #1148B8;outline-offset:2px}
.pw-pwl{min-height:100%;display:flex;flex-direction:column;width:100%;max-width:600px;margin-inline:auto}
.pw-pwl-main{flex:1;display:flex;flex-direction:column}
.pw-pwl-main>.pw-pwl-stack{flex:1}
.pw-pwl-footer{position:sticky;bottom:0;z-index:1}
.pw-pwl-button{font:inherit;color:inherit;background:none;border:0;cursor:pointer;text-align:inherit}
.pw-pwl-button[aria-disabled="true"]{cursor:default;opacity:.7}
.pw-pwl-package{cursor:pointer}
.pw-pwl-text{overflow-wrap:anywhere}
.pw-pwl-text code{font-family:ui-monospace,monospace}
.pw-pwl-text a{color:inherit;text-decoration:underline}
.pw-pwl-image{position:relative;overflow:hidden}
.pw-pwl-image img{display:block;width:100%;height:100%}
.pw-pwl-overlay{position:absolute;inset:0}
.pw-pwl-badge{position:absolute;white-space:nowrap;font-size:12px;font-weight:600}
.pw-pwl-timeline{list-style:none;display:flex;flex-direction:column}
.pw-pwl-item{position:relative;display:flex;align-items:flex-start}
.pw-pwl-icon{flex:none;display:grid;place-items:center;width:28px;height:28px;border-radius:50%}
.pw-pwl-icon-svg{width:60%;height:60%}
.pw-pwl-icon-mask{width:100%;height:100%;mask-size:contain;mask-position:center;mask-repeat:no-repeat;-webkit-mask-size:contain;-webkit-mask-position:center;-webkit-mask-repeat:no-repeat}
.pw-pwl-error{margin:8px 16px;padding:8px 12px;border-radius:8px;background:#FDECEC;color:#8A1010}
.pw-pwl-connector{position:absolute;top:28px;inset-inline-start:13px}
.pw-pwl-texts{display:flex;flex-direction:column}
@media (prefers-reduced-motion:reduce){.pw-paywall *{transition:none!important;animation:none!important}}
`;
