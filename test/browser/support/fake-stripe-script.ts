// A fake of the Stripe.js calls the widget makes, installed as `window.Stripe` before the page's scripts run
// (page.addInitScript). The widget's default loader (`@stripe/stripe-js/pure`) finds the global and uses it, as
// it would the real script. The elements render plain, labelled DOM (not iframes) so axe can check the page.
// `confirmSetup`/`confirmPayment` call `window.__confirm(clientSecret)`, which the test binds with
// page.exposeFunction to the fake Stripe HTTP API's `confirm()` (the signed webhook to the billing server).
// `window.__fakeStripe` lets the test complete the card and choose its billing address, and offer a wallet
// (`state.wallets`): the express element then draws an "Apple Pay" button that opens and confirms a fake sheet.
// Like the real one, it throws an IntegrationError for options its release does not know
// (test/support/stripe-options-check.ts).
import { stripeOptionsCheckScript, type StripeRelease } from "../../support/stripe-options-check";

/**
 * The script text for a page whose SDK loads Stripe.js `release` (purchases-web: endive; purchases-js 1.63.1:
 * dahlia); browser JavaScript, kept as a string so no test transform touches it.
 *
 * @example
 * await page.addInitScript({ content: fakeStripeScript("endive") });
 */
export const fakeStripeScript = (release: StripeRelease) => String.raw`
(() => {
  const checkOptions = ${stripeOptionsCheckScript(release)};
  const state = { address: { country: "ZA", postal_code: "8001" }, cardType: "card", wallets: undefined, payerEmail: "payer@example.com", sheetMs: 1000 };
  const calls = { loads: [], elementsOptions: [], created: [], submits: 0, tokens: 0, confirmSetup: [], confirmPayment: [], destroyed: 0, clickAnswers: [], paymentFailures: [], updates: [] };
  const handlers = new Map();
  const emit = (type, event, payload) => {
    for (const handler of (handlers.get(type) && handlers.get(type).get(event)) || []) handler(payload || {});
  };
  const render = {
    linkAuthentication(node) {
      const label = document.createElement("label");
      label.className = "fake-stripe-email";
      label.append("Email");
      const input = document.createElement("input");
      input.type = "email";
      input.name = "email";
      input.autocomplete = "email";
      input.addEventListener("input", () => {
        const email = input.value;
        emit("linkAuthentication", "change", { complete: /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email), value: { email } });
      });
      input.addEventListener("blur", () => emit("linkAuthentication", "blur"));
      label.append(input);
      node.append(label);
    },
    payment(node) {
      const group = document.createElement("div");
      group.setAttribute("role", "group");
      group.setAttribute("aria-label", "Card details");
      group.className = "fake-stripe-card";
      const p = document.createElement("p");
      p.textContent = "Card: 4242 4242 4242 4242 (fake Stripe)";
      group.append(p);
      node.append(group);
    },
    // An "Apple Pay" button when a wallet is offered. Pressing it opens the sheet with the first answer to the
    // click (purchases-js answers at once and again after its checkout start; Stripe keeps the first), and the
    // customer confirms in the sheet a second later, with the payer's email.
    expressCheckout(node) {
      if (!state.wallets) return;
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = "Apple Pay";
      button.addEventListener("click", () => {
        let open = false;
        emit("expressCheckout", "click", {
          expressPaymentType: "apple_pay",
          resolve(answer) {
            calls.clickAnswers.push(answer);
            if (open) return;
            open = true;
            setTimeout(() =>
              emit("expressCheckout", "confirm", {
                expressPaymentType: "apple_pay",
                billingDetails: { email: state.payerEmail, address: { ...state.address } },
                paymentFailed: (reason) => calls.paymentFailures.push(reason),
              }),
              state.sheetMs,
            );
          },
        });
      });
      node.append(button);
    },
  };
  const confirm = async (kind, options) => {
    calls[kind].push(options);
    if (typeof window.__confirm === "function") {
      const answer = await window.__confirm(options.clientSecret);
      if (answer && answer.error) return { error: answer.error };
    }
    return {};
  };
  const stripe = {
    elements(options) {
      checkOptions("elements()", options);
      calls.elementsOptions.push(options);
      return {
        create(type, options) {
          checkOptions('elements.create("' + type + '")', options);
          calls.created.push({ type, options });
          const own = new Map();
          handlers.set(type, own);
          let mounted = null;
          return {
            // Stripe.js mounts into an element or a CSS selector (purchases-js passes "#id").
            mount(target) {
              const node = typeof target === "string" ? document.querySelector(target) : target;
              mounted = node;
              render[type](node);
              const payload = type === "expressCheckout" ? { availablePaymentMethods: state.wallets } : {};
              setTimeout(() => emit(type, "ready", payload), 0);
            },
            on(event, handler) {
              own.set(event, [...(own.get(event) || []), handler]);
            },
            destroy() {
              calls.destroyed++;
              if (mounted) mounted.replaceChildren();
            },
          };
        },
        async submit() {
          calls.submits++;
          return {};
        },
        update(options) {
          checkOptions("elements.update()", options);
          calls.updates.push(options);
          return Promise.resolve();
        },
      };
    },
    async createConfirmationToken() {
      calls.tokens++;
      return {
        confirmationToken: {
          id: "ctoken_" + calls.tokens,
          payment_method_preview: { type: state.cardType, billing_details: { address: { ...state.address } } },
        },
      };
    },
    confirmSetup: (options) => confirm("confirmSetup", options),
    confirmPayment: (options) => confirm("confirmPayment", options),
  };
  function Stripe(key, options) {
    calls.loads.push({ key, options: options || {} });
    return stripe;
  }
  Stripe.version = ${JSON.stringify(release)};
  window.Stripe = Stripe;
  window.__fakeStripe = {
    calls,
    state,
    emit,
    /** The customer completes the card; its billing address is the one given. */
    completeCard(address) {
      if (address) state.address = address;
      emit("payment", "change", { complete: true, value: { type: state.cardType } });
    },
  };
})();
`;
