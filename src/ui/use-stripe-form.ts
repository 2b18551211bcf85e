import { useEffect, useRef, useState } from "preact/hooks";
import { isValidEmail } from "../checkout/email";
import { ErrorCode } from "../errors/error-code";
import { PurchasesError } from "../errors/purchases-error";
import type { WireCheckoutStartResponse } from "../http/wire";
import type { StripeElementLike, StripeElementsLike, StripeLike } from "../stripe-like";
import type { ActiveSession } from "./purchase-session";
import { elementsOptions, loadStripeFor } from "./stripe-options";

/** The Stripe elements the payment form mounts. */
export type ElementName = "express" | "email" | "payment";

/** A loaded Stripe.js client and the elements group of this checkout. */
export interface StripeForm {
  readonly stripe: StripeLike;
  readonly elements: StripeElementsLike;
}

/** The email as the form knows it. */
export interface EmailState {
  readonly value: string;
  readonly complete: boolean;
  /** Left at least once: only then does the form say what is wrong with it. */
  readonly touched: boolean;
}

/** What the form's fields say; also kept in a ref so event handlers read it without waiting for a render. */
export interface FormDetails {
  readonly email: EmailState;
  readonly paymentComplete: boolean;
  readonly methodType: string | null;
}

/** What {@link useStripeForm} needs. */
export interface StripeFormOptions {
  readonly session: ActiveSession;
  readonly checkout: WireCheckoutStartResponse;
  readonly variables: Readonly<Record<string, string>>;
  /** The email, card or method changed: tax may need the new billing address. */
  readonly onDetailsChanged: () => void;
  /** A wallet in the express checkout confirmed: submit at once. */
  readonly onExpressConfirmed: () => void;
  /** Stripe.js could not be loaded or the form could not be built. */
  readonly onLoadFailed: (error: PurchasesError) => void;
}

/** The payment form's state and the elements to mount its parts into. */
export interface StripeFormState {
  readonly form: { readonly current: StripeForm | null };
  readonly mounts: Record<ElementName, { current: HTMLDivElement | null }>;
  /** True until every element the form needs said it is ready. */
  readonly loading: boolean;
  readonly expressAvailable: boolean;
  readonly details: FormDetails;
  readonly latest: { current: FormDetails };
}

/**
 * Loads Stripe.js (the injected loader, else `@stripe/stripe-js/pure`), mounts the wallet buttons, the email
 * field (unless the host gave the email) and the payment element, and follows their events.
 */
export function useStripeForm(options: StripeFormOptions): StripeFormState {
  const { session, checkout } = options;
  const { customerEmail } = session;
  const [ready, setReady] = useState<ReadonlySet<ElementName>>(new Set());
  const [expressAvailable, setExpressAvailable] = useState(false);
  const [details, setDetails] = useState<FormDetails>({
    email: { value: customerEmail ?? "", complete: customerEmail !== null, touched: false },
    paymentComplete: false,
    methodType: null,
  });
  const latest = useRef(details);
  const form = useRef<StripeForm | null>(null);
  const callbacks = useRef(options);
  callbacks.current = options;
  const mounts = {
    express: useRef<HTMLDivElement>(null),
    email: useRef<HTMLDivElement>(null),
    payment: useRef<HTMLDivElement>(null),
  };
  const needed: ElementName[] =
    customerEmail === null ? ["express", "email", "payment"] : ["express", "payment"];

  useEffect(() => {
    let disposed = false;
    const created: StripeElementLike[] = [];
    const update = (change: Partial<FormDetails>) => {
      latest.current = { ...latest.current, ...change };
      setDetails(latest.current);
    };
    const load = async () => {
      const gateway = checkout.gateway_params;
      const stripe = await loadStripeFor(session.env, gateway, session.t.locale);
      if (disposed) return;
      const elements = stripe.elements(
        elementsOptions(
          gateway.elements_configuration,
          options.variables,
          session.branding?.brand_font_config,
        ),
      );
      form.current = { stripe, elements };
      const ready = (name: ElementName) => () => setReady((names) => new Set(names).add(name));
      const mount = (name: ElementName, element: StripeElementLike) => {
        created.push(element);
        element.mount(mounts[name].current!);
      };
      // The wallet asks for the payer's email when the host gave none: it is the purchase's email unless the
      // customer typed one into the form.
      const express = elements.create("expressCheckout", {
        buttonHeight: 48,
        emailRequired: customerEmail === null,
      });
      express.on("ready", (event) => {
        ready("express")();
        setExpressAvailable(Object.values(event.availablePaymentMethods ?? {}).some(Boolean));
      });
      express.on("confirm", (event) => {
        const payer = event.billingDetails?.email;
        if (payer && !latest.current.email.complete)
          latest.current = { ...latest.current, email: { value: payer, complete: true, touched: false } };
        callbacks.current.onExpressConfirmed();
      });
      mount("express", express);
      if (customerEmail === null) {
        const link = elements.create("linkAuthentication");
        link.on("ready", ready("email"));
        link.on("change", (event) => {
          const value = event.value.email;
          const complete = event.complete && isValidEmail(value);
          update({ email: { ...latest.current.email, value, complete } });
          if (complete) callbacks.current.onDetailsChanged();
        });
        link.on("blur", () => update({ email: { ...latest.current.email, touched: true } }));
        mount("email", link);
      }
      const payment = elements.create("payment", {
        layout: "tabs",
        wallets: { applePay: "never", googlePay: "never" },
      });
      payment.on("ready", ready("payment"));
      payment.on("change", (event) => {
        update({ paymentComplete: event.complete, methodType: event.value.type });
        callbacks.current.onDetailsChanged();
      });
      mount("payment", payment);
    };
    load().catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      session.analytics.track(
        "checkout_payment_form_gateway_error",
        { error_code: null, error_message: message },
        session.traceId,
      );
      if (disposed) return;
      callbacks.current.onLoadFailed(
        new PurchasesError(ErrorCode.StoreProblemError, "The payment form could not be loaded.", {
          underlyingErrorMessage: message,
          cause: error,
        }),
      );
    });
    return () => {
      disposed = true;
      created.forEach((element) => element.destroy());
    };
  }, []);

  const loading = needed.some((name) => !ready.has(name));
  useEffect(() => {
    if (!loading) session.analytics.track("checkout_payment_form_impression", {}, session.traceId);
  }, [loading]);

  return { form, mounts, loading, expressAvailable, details, latest };
}
