// A fake of the Stripe.js calls the checkout makes (Stripe.js cannot be reached here), injected through
// `environment.loadStripe`. It answers in Stripe's shapes: errors as `{ error }`, events with Stripe's payloads;
// and it refuses the options Stripe.js endive refuses, throwing as Stripe.js throws
// (test/support/stripe-options-check.ts).
import type { StripeElementsOptionsMode, StripeElementsUpdateOptions } from "@stripe/stripe-js";
import type { StripeGatewayError, StripeLike, StripeLoader } from "../../../src/index";
import { stripeOptionsCheck } from "../../support/stripe-options-check";

type Handler = (event: { [key: string]: unknown }) => void;
type ElementType = "payment" | "expressCheckout" | "linkAuthentication";

/** What the fake answers; change it during a test. */
export interface FakeStripeState {
  /** Wallets the express checkout reports; none hides it. */
  wallets: Record<string, boolean> | undefined;
  address: { country?: string; postal_code?: string };
  submitError: StripeGatewayError | null;
  confirmError: StripeGatewayError | null;
  loadFails: boolean;
  /** While set, Stripe.js "loads" until this settles: the form's loading state holds for as long as a test needs. */
  loadGate: Promise<void> | null;
}

export function fakeStripe(initial: Partial<FakeStripeState> = {}) {
  const state: FakeStripeState = {
    wallets: undefined,
    address: { country: "ZA", postal_code: "8001" },
    submitError: null,
    confirmError: null,
    loadFails: false,
    loadGate: null,
    ...initial,
  };
  const calls = {
    loads: [] as { key: string; stripeAccount?: string; locale?: string }[],
    elementsOptions: [] as StripeElementsOptionsMode[],
    created: [] as { type: ElementType; options?: object }[],
    submits: 0,
    tokens: 0,
    confirmSetup: [] as object[],
    confirmPayment: [] as object[],
    updates: [] as StripeElementsUpdateOptions[],
    destroyed: 0,
  };
  const check = stripeOptionsCheck("endive");
  const elements = new Map<ElementType, { handlers: Map<string, Handler[]>; node: HTMLElement | null }>();
  const emit = (type: ElementType, event: string, payload: { [key: string]: unknown } = {}) => {
    for (const handler of elements.get(type)?.handlers.get(event) ?? []) handler(payload);
  };

  // Implements only the calls the SDK makes: typed by what it passes, handed over as Stripe.js (the cast below).
  const stripe = {
    elements(options: StripeElementsOptionsMode) {
      check("elements()", options);
      calls.elementsOptions.push(options);
      return {
        create(type: ElementType, options?: object) {
          check(`elements.create("${type}")`, options);
          calls.created.push({ type, options });
          const element = { handlers: new Map<string, Handler[]>(), node: null as HTMLElement | null };
          elements.set(type, element);
          return {
            mount(node: HTMLElement) {
              element.node = node;
              const frame = node.ownerDocument.createElement("iframe");
              frame.title = type;
              node.appendChild(frame);
              const payload = type === "expressCheckout" ? { availablePaymentMethods: state.wallets } : {};
              setTimeout(() => emit(type, "ready", payload), 0);
            },
            on(event: string, handler: Handler) {
              element.handlers.set(event, [...(element.handlers.get(event) ?? []), handler]);
            },
            destroy() {
              calls.destroyed++;
              element.node?.replaceChildren();
            },
          };
        },
        async submit() {
          calls.submits++;
          return state.submitError ? { error: state.submitError } : {};
        },
        update(options: StripeElementsUpdateOptions) {
          check("elements.update()", options);
          calls.updates.push(options);
          return Promise.resolve();
        },
      };
    },
    async createConfirmationToken() {
      calls.tokens++;
      return {
        confirmationToken: {
          id: `ctoken_${calls.tokens}`,
          payment_method_preview: { type: "card", billing_details: { address: { ...state.address } } },
        },
      };
    },
    async confirmSetup(options: object) {
      calls.confirmSetup.push(options);
      return state.confirmError ? { error: state.confirmError } : {};
    },
    async confirmPayment(options: object) {
      calls.confirmPayment.push(options);
      return state.confirmError ? { error: state.confirmError } : {};
    },
  };

  const loadStripe: StripeLoader = async (key, options) => {
    calls.loads.push({ key, ...options });
    await state.loadGate;
    if (state.loadFails) throw new Error("Failed to load Stripe.js");
    return stripe as unknown as StripeLike;
  };

  return {
    loadStripe,
    state,
    calls,
    emit,
    /** Whether the element of `type` was created. */
    has: (type: ElementType) => elements.has(type),
    /** The customer completes the card form. */
    completeCard: (type = "card") => emit("payment", "change", { complete: true, value: { type } }),
    /** The customer types an email into the email field. */
    typeEmail: (email: string, complete = true) =>
      emit("linkAuthentication", "change", { complete, value: { email } }),
  };
}
