// A fake of the Stripe.js calls the widget makes, installed as `window.Stripe` before the page's scripts run
// (page.addInitScript). The widget's default loader (`@stripe/stripe-js/pure`) finds the global and uses it, as
// it would the real script. The elements render plain, labelled DOM (not iframes) so axe can check the page.
// `confirmSetup`/`confirmPayment` call `window.__confirm(clientSecret)`, which the test binds with
// page.exposeFunction to the fake Stripe HTTP API's `confirm()` (the signed webhook to the billing server).
// `window.__fakeStripe` lets the test complete the card and choose its billing address.

/** The script text; browser JavaScript, kept as a string so no test transform touches it. */
export const FAKE_STRIPE_SCRIPT = String.raw`
(() => {
  const state = { address: { country: "ZA", postal_code: "8001" }, cardType: "card" };
  const calls = { loads: [], elementsOptions: [], created: [], submits: 0, tokens: 0, confirmSetup: [], confirmPayment: [], destroyed: 0 };
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
    expressCheckout() {},
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
      calls.elementsOptions.push(options);
      return {
        create(type, options) {
          calls.created.push({ type, options });
          const own = new Map();
          handlers.set(type, own);
          let mounted = null;
          return {
            mount(node) {
              mounted = node;
              render[type](node);
              const payload = type === "expressCheckout" ? { availablePaymentMethods: undefined } : {};
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
        update() {},
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
  Stripe.version = "endive";
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
