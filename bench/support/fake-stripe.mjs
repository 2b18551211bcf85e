// Stripe cannot be reached here, so the card checkout is timed against two small fakes that speak Stripe's wire
// format: the HTTP API the billing server calls to create customers and intents, and the Stripe.js calls the
// widget makes in the browser (installed as `window.Stripe` before the page's scripts run, where the widget's
// default loader finds it). Only what opening the card form needs is answered; confirming is not timed.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";

/** Stripe's API for customers, SetupIntents and PaymentIntents (form-encoded bodies, JSON answers). */
export async function startFakeStripeApi() {
  const id = (prefix) => `${prefix}_${randomBytes(8).toString("hex")}`;
  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const path = new URL(request.url ?? "/", "http://localhost").pathname;
      const created = Math.floor(Date.now() / 1000);
      let body;
      if (path === "/v1/customers") {
        body = { id: id("cus"), object: "customer", email: form.get("email"), created, livemode: false };
      } else if (path === "/v1/setup_intents" || /^\/v1\/payment_intents(\/[^/]+)?$/.test(path)) {
        const setup = path === "/v1/setup_intents";
        const intentId = setup ? id("seti") : (path.split("/")[3] ?? id("pi"));
        body = {
          id: intentId,
          object: setup ? "setup_intent" : "payment_intent",
          client_secret: `${intentId}_secret_${randomBytes(12).toString("hex")}`,
          customer: form.get("customer"),
          status: "requires_payment_method",
          ...(setup ? {} : { amount: Number(form.get("amount") ?? 0), currency: form.get("currency") }),
          created,
          livemode: false,
        };
      } else {
        response.writeHead(404, { "content-type": "application/json" });
        response.end(
          JSON.stringify({ error: { type: "invalid_request_error", message: "Unrecognized request URL" } }),
        );
        return;
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Browser JavaScript: a `window.Stripe` whose elements render plain DOM and report ready at once. */
export const FAKE_STRIPE_SCRIPT = String.raw`
(() => {
  const listeners = new Map();
  const emit = (type, event, payload) => {
    for (const handler of (listeners.get(type) && listeners.get(type).get(event)) || []) handler(payload || {});
  };
  const stripe = {
    elements() {
      return {
        create(type) {
          const own = new Map();
          listeners.set(type, own);
          let node = null;
          return {
            // Stripe.js mounts into an element or a CSS selector (purchases-js passes "#id").
            mount(target) {
              node = typeof target === "string" ? document.querySelector(target) : target;
              if (type !== "expressCheckout") {
                const field = document.createElement("div");
                field.className = "bench-stripe-" + type;
                field.textContent = type === "payment" ? "Card: 4242 4242 4242 4242" : "Email";
                node.append(field);
              }
              setTimeout(() => emit(type, "ready", type === "expressCheckout" ? { availablePaymentMethods: undefined } : {}), 0);
            },
            on(event, handler) {
              own.set(event, [...(own.get(event) || []), handler]);
            },
            destroy() {
              if (node) node.replaceChildren();
            },
          };
        },
        async submit() {
          return {};
        },
        update() {},
      };
    },
    async createConfirmationToken() {
      return { confirmationToken: { id: "ctoken_bench", payment_method_preview: { type: "card", billing_details: { address: { country: "ZA", postal_code: "8001" } } } } };
    },
    async confirmSetup() {
      return {};
    },
    async confirmPayment() {
      return {};
    },
  };
  function Stripe() {
    return stripe;
  }
  Stripe.version = "bench";
  window.Stripe = Stripe;
})();
`;
