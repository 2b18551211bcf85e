import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { isValidEmail } from "../checkout/email";
import { untaxedPriceBreakdown, type PriceBreakdown } from "../checkout/price-breakdown";
import { pollPurchaseStatus, type OperationResult } from "../checkout/purchase-poller";
import type { StripeElementLike, StripeElementsLike, StripeLike, StripeLoader } from "../stripe-like";
import { TaxCalculator, type TaxAddress, type TaxCalculationResult } from "../checkout/tax-calculator";
import { ErrorCode } from "../errors/error-code";
import { isPurchasesError, PurchasesError } from "../errors/purchases-error";
import type { WireCheckoutStartResponse } from "../http/wire";
import { toPrice } from "../model/price";
import { errorKindOf, taxSetupErrorKind, type ErrorKind } from "./error-page-model";
import { isPayButtonEnabled, isTotalKnown, payButtonLabel } from "./pay-button";
import { Spinner } from "./pages";
import { PricingTable, ProductInfo } from "./product-column";
import type { ProductTexts, PurchasePlan } from "./product-texts";
import type { ActiveSession } from "./purchase-session";
import { elementsOptions, stripeLocale } from "./stripe-options";
import { submitPayment } from "./submit-payment";

/** Props of {@link PaymentEntry}. */
export interface PaymentEntryProps {
  readonly session: ActiveSession;
  readonly checkout: WireCheckoutStartResponse;
  readonly plan: PurchasePlan;
  readonly texts: ProductTexts;
  readonly titleId: string;
  readonly variables: Readonly<Record<string, string>>;
  readonly formatMoney: (micros: number) => string;
  readonly formatDate: (date: Date) => string;
  /** `email` is the one the customer gave, for the error page that names it. */
  readonly onFailed: (error: PurchasesError, kind: ErrorKind, email: string) => void;
  readonly onPurchased: (result: OperationResult) => void;
}

type ElementName = "express" | "email" | "payment";
type StripeEvent = { [key: string]: unknown };

interface StripeForm {
  stripe: StripeLike;
  elements: StripeElementsLike;
}

const asPurchasesError = (error: unknown, code = ErrorCode.UnknownError) =>
  isPurchasesError(error) ? error : new PurchasesError(code, undefined, { cause: error });

/**
 * The payment entry page: product information and pricing on one side, the Stripe payment form on the other,
 * with tax calculation, the pay button rule and the submit flow of docs/checkout.md.
 */
export function PaymentEntry(props: PaymentEntryProps) {
  const { session, checkout, plan, texts, formatMoney } = props;
  const { t, env, backend, analytics, traceId, customerEmail } = session;
  const operationSessionId = checkout.operation_session_id;
  const productType = session.rcPackage.webBillingProduct.productType;
  const taxes = useMemo(
    () =>
      session.branding?.gateway_tax_collection_enabled
        ? new TaxCalculator({
            backend,
            operationSessionId,
            price: plan.chargedPrice,
            taxCollectionEnabled: true,
          })
        : null,
    [],
  );
  const [breakdown, setBreakdown] = useState<PriceBreakdown>(
    () => taxes?.priceBreakdown ?? untaxedPriceBreakdown(plan.chargedPrice, "disabled"),
  );
  const [address, setAddress] = useState<TaxAddress>({});
  const [expanded, setExpanded] = useState(false);
  const [ready, setReady] = useState<ReadonlySet<ElementName>>(new Set());
  const [expressAvailable, setExpressAvailable] = useState(false);
  const [paymentComplete, setPaymentComplete] = useState(false);
  const [methodType, setMethodType] = useState<string | null>(null);
  const [email, setEmail] = useState({
    value: customerEmail ?? "",
    complete: customerEmail !== null,
    touched: false,
  });
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [handledError, setHandledError] = useState<string | null>(null);
  const form = useRef<StripeForm | null>(null);
  const lastTax = useRef<{ address: TaxAddress; result: TaxCalculationResult } | null>(null);
  const latest = useRef({ email, paymentComplete, methodType });
  latest.current = { email, paymentComplete, methodType };
  const mounts = {
    express: useRef<HTMLDivElement>(null),
    email: useRef<HTMLDivElement>(null),
    payment: useRef<HTMLDivElement>(null),
  };
  const needed: ElementName[] =
    customerEmail === null ? ["express", "email", "payment"] : ["express", "payment"];
  const formLoading = needed.some((name) => !ready.has(name));
  const disposed = useRef(false);

  const fail = (error: PurchasesError, kind: ErrorKind) => {
    if (!disposed.current) props.onFailed(error, kind, customerEmail ?? latest.current.email.value);
  };

  const taxCalculated = (
    taxAddress: TaxAddress,
    result: TaxCalculationResult,
    uiElement: "auto" | "form",
  ) => {
    lastTax.current = { address: taxAddress, result };
    setAddress(taxAddress);
    if (result.kind === "aborted") return;
    const outcome =
      result.kind === "skipped"
        ? "disabled"
        : result.kind === "failed"
          ? "failed"
          : result.breakdown.taxAmountInMicros > 0
            ? "taxed"
            : "not_taxed";
    analytics.track("checkout_payment_tax_calculation", { outcome, ui_element: uiElement }, traceId);
    if (result.kind === "calculated" && checkout.gateway_params.elements_configuration?.mode === "payment") {
      form.current?.elements.update({
        amount: toPrice(result.breakdown.totalAmountInMicros, result.breakdown.currency, "en").amount,
      });
    }
    const setupKind = result.kind === "failed" ? taxSetupErrorKind(result.failure.kind) : null;
    if (result.kind === "failed" && setupKind && session.sandbox) {
      // Tax setup problems are the merchant's to fix: the sandbox says so, production goes on without tax.
      fail(
        result.failure.error ??
          new PurchasesError(ErrorCode.StoreProblemError, undefined, {
            underlyingErrorMessage: result.failure.kind,
          }),
        setupKind,
      );
    }
  };

  const calculateTax = async (taxAddress: TaxAddress, uiElement: "auto" | "form") => {
    if (!taxes) return;
    taxCalculated(taxAddress, await taxes.calculate(taxAddress), uiElement);
  };

  // Card changes recalculate tax only for a complete card with a complete email (docs/checkout.md); the
  // confirmation token is how Stripe tells the billing country and postal code.
  const recalculateFromForm = async () => {
    const current = form.current;
    const { email: mail, paymentComplete: complete, methodType: type } = latest.current;
    if (!taxes || !current || !complete || type !== "card" || !mail.complete) return;
    const submitted = await current.elements.submit();
    if (submitted.error) return;
    const { confirmationToken } = await current.stripe.createConfirmationToken({
      elements: current.elements,
    });
    const billing = confirmationToken?.payment_method_preview?.billing_details?.address;
    const next = {
      countryCode: billing?.country ?? undefined,
      postalCode: billing?.postal_code ?? undefined,
    };
    const last = lastTax.current?.address;
    if (last && last.countryCode === next.countryCode && last.postalCode === next.postalCode) return;
    await calculateTax(next, "form");
  };

  useEffect(() => {
    const unsubscribe = taxes?.subscribe(setBreakdown);
    void calculateTax({}, "auto");
    return () => {
      disposed.current = true;
      unsubscribe?.();
      taxes?.abort();
    };
  }, []);

  useEffect(() => {
    const created: StripeElementLike[] = [];
    const markReady = (name: ElementName) => setReady((names) => new Set(names).add(name));
    const gateway = checkout.gateway_params;
    const load = async () => {
      const loader: StripeLoader =
        env.loadStripe ?? ((await import("@stripe/stripe-js/pure")).loadStripe as unknown as StripeLoader);
      const stripe = await loader(gateway.publishable_api_key ?? "", {
        stripeAccount: gateway.stripe_account_id,
        locale: stripeLocale(t.locale),
      });
      if (!stripe) throw new Error("Stripe.js could not be loaded.");
      if (disposed.current) return;
      const elements = stripe.elements(
        elementsOptions(gateway.elements_configuration, props.variables, session.branding?.brand_font_config),
      );
      form.current = { stripe, elements };
      const mount = (name: ElementName, element: StripeElementLike) => {
        created.push(element);
        element.on("ready", () => markReady(name));
        element.mount(mounts[name].current!);
        return element;
      };
      const express = mount("express", elements.create("expressCheckout", { buttonHeight: 48 }));
      express.on("ready", (event: StripeEvent) => {
        const methods = (event.availablePaymentMethods ?? {}) as Record<string, boolean>;
        setExpressAvailable(Object.values(methods).some(Boolean));
      });
      // A wallet brings its own payer email when the form has none.
      express.on("confirm", (event: StripeEvent) => {
        const payer = (event.billingDetails as { email?: string } | undefined)?.email;
        if (payer && !latest.current.email.complete)
          latest.current.email = { value: payer, complete: true, touched: false };
        void submitRef.current(true);
      });
      if (customerEmail === null) {
        const link = mount("email", elements.create("linkAuthentication"));
        link.on("change", (event: StripeEvent) => {
          const value = String((event.value as { email?: string } | undefined)?.email ?? "");
          const complete = event.complete === true && isValidEmail(value);
          latest.current.email = { ...latest.current.email, value, complete };
          setEmail(latest.current.email);
          if (complete) void recalculateFromForm();
        });
        link.on("blur", () => {
          latest.current.email = { ...latest.current.email, touched: true };
          setEmail(latest.current.email);
        });
      }
      const payment = mount(
        "payment",
        elements.create("payment", { layout: "tabs", wallets: { applePay: "never", googlePay: "never" } }),
      );
      payment.on("change", (event: StripeEvent) => {
        latest.current.paymentComplete = event.complete === true;
        latest.current.methodType = (event.value as { type?: string } | undefined)?.type ?? null;
        setPaymentComplete(latest.current.paymentComplete);
        setMethodType(latest.current.methodType);
        void recalculateFromForm();
      });
    };
    load().catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      analytics.track(
        "checkout_payment_form_gateway_error",
        { error_code: null, error_message: message },
        traceId,
      );
      fail(
        new PurchasesError(ErrorCode.StoreProblemError, "The payment form could not be loaded.", {
          underlyingErrorMessage: message,
          cause: error,
        }),
        "setting_up_purchase",
      );
    });
    return () => created.forEach((element) => element.destroy());
  }, []);

  useEffect(() => {
    if (!formLoading) analytics.track("checkout_payment_form_impression", {}, traceId);
  }, [formLoading]);

  const enabled =
    !formLoading &&
    isPayButtonEnabled({
      submitting,
      paymentComplete,
      emailComplete: email.complete,
      taxStatus: breakdown.taxCalculationStatus,
    });

  async function submit(express = false) {
    const current = form.current;
    if (!current || submitting || (!express && !enabled)) return;
    setSubmitting(true);
    setHandledError(null);
    analytics.track("checkout_payment_form_submit", {}, traceId);
    try {
      const result = await submitPayment({
        ...current,
        backend,
        operationSessionId,
        email: customerEmail ?? latest.current.email.value,
        taxes,
        lastTax: lastTax.current,
        seenTotalMicros: breakdown.totalAmountInMicros,
        returnUrl: session.win.location?.href ?? "",
        onTaxCalculated: (taxAddress, taxResult) => taxCalculated(taxAddress, taxResult, "form"),
      });
      switch (result.kind) {
        case "confirmed":
          props.onPurchased(
            await pollPurchaseStatus({ backend, env, operationSessionId, signal: session.signal }),
          );
          return;
        case "form_error": {
          const message = result.error.message ?? result.error.type;
          analytics.track(
            "checkout_payment_form_error",
            { error_code: result.error.code ?? result.error.type, error_message: message },
            traceId,
          );
          if (result.handled) setHandledError(message);
          else setFormError(message);
          break;
        }
        case "invalid_tax_location":
          fail(
            new PurchasesError(
              ErrorCode.PurchaseInvalidError,
              "The billing address could not be located for tax.",
            ),
            "invalid_tax_location",
          );
          return;
        case "failed":
          fail(result.error, errorKindOf(result.error, "payment", productType));
          return;
      }
    } catch (error) {
      const purchasesError = asPurchasesError(error);
      fail(purchasesError, errorKindOf(purchasesError, "payment", productType));
      return;
    }
    setSubmitting(false);
  }

  const submitRef = useRef(submit);
  submitRef.current = submit;

  const emailMessage =
    email.touched && !email.complete ? t.t(email.value === "" ? "email.required" : "email.invalid") : null;
  const label = payButtonLabel({
    isTrial: plan.trialEnd !== null,
    paymentMethodType: methodType,
    totalKnown: isTotalKnown(breakdown.taxCalculationStatus),
    formattedTotal: formatMoney(breakdown.totalAmountInMicros),
  });
  const idPrefix = props.titleId.replace(/-title$/, "");
  const priceUpdated = breakdown.taxCalculationStatus === "miss-match";
  return (
    <div class="pw-cols">
      <section class="pw-product">
        <ProductInfo
          t={t}
          product={session.rcPackage.webBillingProduct}
          texts={texts}
          showDescription={session.branding?.appearance?.show_product_description === true}
          titleId={props.titleId}
        />
        <PricingTable
          t={t}
          plan={plan}
          breakdown={breakdown}
          address={address}
          expanded={expanded}
          onToggle={() => setExpanded(!expanded)}
          formatMoney={formatMoney}
          formatDate={props.formatDate}
          idPrefix={idPrefix}
        />
      </section>
      <section class="pw-main">
        {formError !== null && (
          <div class="pw-notice" role="alert">
            <strong>{t.t("form.error_title")}</strong>
            <p>{formError}</p>
            <button type="button" class="pw-btn pw-btn-secondary" onClick={() => setFormError(null)}>
              {t.t("common.try_again")}
            </button>
          </div>
        )}
        <form
          hidden={formError !== null}
          noValidate
          aria-busy={formLoading || submitting}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div class="pw-actions">
            {formLoading && <Spinner t={t} />}
            <div
              class="pw-actions"
              style={formLoading ? { visibility: "hidden", position: "absolute" } : undefined}
            >
              <div ref={mounts.express} data-element="express" hidden={!expressAvailable} />
              {expressAvailable && <div class="pw-divider">{t.t("form.divider")}</div>}
              {customerEmail === null && <div ref={mounts.email} data-element="email" />}
              {emailMessage && (
                <p class="pw-error-text" role="alert">
                  {emailMessage}
                </p>
              )}
              <div ref={mounts.payment} class="pw-card" data-element="payment" />
            </div>
            {handledError && (
              <p class="pw-error-text" role="alert">
                {handledError}
              </p>
            )}
            {priceUpdated && (
              <div class="pw-notice" role="alert">
                <strong>{t.t("price_updated.title")}</strong>
                <p>{t.t("price_updated.message")}</p>
                <button type="button" class="pw-btn pw-btn-secondary" onClick={() => setExpanded(true)}>
                  {t.t("price_updated.review")}
                </button>
              </div>
            )}
            <button type="submit" class="pw-btn" disabled={!enabled} aria-busy={submitting}>
              {submitting ? t.t("pay.processing") : t.t(label.key, label.values)}
            </button>
            {texts.terms && <p class="pw-terms">{texts.terms}</p>}
          </div>
        </form>
      </section>
    </div>
  );
}
