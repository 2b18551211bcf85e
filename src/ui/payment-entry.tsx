import { useEffect, useRef, useState } from "preact/hooks";
import type { PurchasedResult } from "./purchase-session";
import type { PurchasesError } from "../errors/purchases-error";
import type { WireCheckoutStartResponse } from "../http/wire";
import { toPrice } from "../model/price";
import type { ErrorKind } from "./error-page-model";
import { isTotalKnown, payButtonLabel } from "./pay-button";
import { Spinner } from "./pages";
import { PricingTable, ProductInfo } from "./product-column";
import type { ProductTexts, PurchasePlan } from "./product-texts";
import type { ActiveSession } from "./purchase-session";
import type { PriceBreakdown } from "../checkout/price-breakdown";
import type { TaxAddress } from "../checkout/tax-calculator";
import { DiscountCodeField } from "./discount-code-field";
import { useCheckoutTax } from "./use-checkout-tax";
import { useDiscountCode, type DiscountCodeState } from "./use-discount-code";
import { usePaymentSubmit } from "./use-payment-submit";
import { useStripeForm, type StripeFormState } from "./use-stripe-form";

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
  readonly onPurchased: (result: PurchasedResult) => void;
}

/**
 * The payment entry page: product information and pricing on one side, the Stripe payment form on the other,
 * with tax calculation ({@link useCheckoutTax}), the form ({@link useStripeForm}), the pay button rule and the
 * submit flow of docs/checkout.md.
 */
export function PaymentEntry(props: PaymentEntryProps) {
  const { session, checkout, plan, formatMoney } = props;
  const { t, customerEmail } = session;
  const [expanded, setExpanded] = useState(false);
  const disposed = useRef(false);
  useEffect(
    () => () => {
      disposed.current = true;
    },
    [],
  );

  const fail = (error: PurchasesError, kind: ErrorKind) => {
    if (!disposed.current) props.onFailed(error, kind, customerEmail ?? stripe.latest.current.email.value);
  };

  const tax = useCheckoutTax({
    session,
    checkout,
    plan,
    onTotal: (breakdown) => {
      if (checkout.gateway_params.elements_configuration.mode !== "payment") return;
      stripe.form.current?.elements.update({
        amount: toPrice(breakdown.totalAmountInMicros, breakdown.currency, "en").amount,
      });
    },
    onSetupFailure: fail,
  });

  // Card changes recalculate tax only for a complete card with a complete email (docs/checkout.md); the
  // confirmation token is how Stripe tells the billing country and postal code.
  const recalculateFromForm = async () => {
    const current = stripe.form.current;
    const { email, paymentComplete, methodType } = stripe.latest.current;
    if (!tax.taxes || !current || !paymentComplete || methodType !== "card" || !email.complete) return;
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
    const last = tax.lastTax.current?.address;
    if (last && last.countryCode === next.countryCode && last.postalCode === next.postalCode) return;
    await tax.calculateTax(next, "form");
  };

  const stripe = useStripeForm({
    session,
    checkout,
    variables: props.variables,
    onDetailsChanged: () => void recalculateFromForm(),
    onExpressConfirmed: () => void payment.submit(true),
    onLoadFailed: (error) => fail(error, "setting_up_purchase"),
  });
  const { email, methodType } = stripe.details;

  const payment = usePaymentSubmit({ session, checkout, tax, stripe, fail, onPurchased: props.onPurchased });
  const { submitting } = payment;
  const discount = useDiscountCode({ session, tax, fail });

  const emailMessage =
    email.touched && !email.complete ? t.t(email.value === "" ? "email.required" : "email.invalid") : null;
  const label = payButtonLabel({
    isTrial: plan.trialEnd !== null,
    paymentMethodType: methodType,
    totalKnown: isTotalKnown(tax.breakdown.taxCalculationStatus),
    formattedTotal: formatMoney(tax.breakdown.totalAmountInMicros),
  });
  return (
    <PaymentEntryView
      {...props}
      breakdown={tax.breakdown}
      address={tax.address}
      expanded={expanded}
      onToggleExpanded={setExpanded}
      formError={payment.formError}
      onDismissFormError={payment.dismissFormError}
      handledError={payment.handledError}
      emailMessage={emailMessage}
      stripe={stripe}
      submitting={submitting}
      discount={discount}
      enabled={payment.enabled && !discount.applying}
      payLabel={submitting ? t.t("pay.processing") : t.t(label.key, label.values)}
      onSubmit={() => void payment.submit()}
    />
  );
}

/** What {@link PaymentEntryView} shows, all of it decided by {@link PaymentEntry}. */
interface PaymentEntryViewProps extends PaymentEntryProps {
  readonly breakdown: PriceBreakdown;
  readonly address: TaxAddress;
  readonly expanded: boolean;
  readonly onToggleExpanded: (expanded: boolean) => void;
  readonly formError: string | null;
  readonly onDismissFormError: () => void;
  readonly handledError: string | null;
  readonly emailMessage: string | null;
  readonly stripe: StripeFormState;
  readonly submitting: boolean;
  readonly discount: DiscountCodeState;
  readonly enabled: boolean;
  readonly payLabel: string;
  readonly onSubmit: () => void;
}

/** The payment entry page's markup: the product column and the payment form. */
function PaymentEntryView(props: PaymentEntryViewProps) {
  const { session, texts, breakdown, stripe, formError } = props;
  const { t, customerEmail } = session;
  const idPrefix = props.titleId.replace(/-title$/, "");
  const priceUpdated = breakdown.taxCalculationStatus === "miss-match";
  const formLoading = stripe.loading;
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
          plan={props.plan}
          breakdown={breakdown}
          address={props.address}
          expanded={props.expanded}
          onToggle={() => props.onToggleExpanded(!props.expanded)}
          formatMoney={props.formatMoney}
          formatDate={props.formatDate}
          idPrefix={idPrefix}
        />
        {session.showDiscountCodeField && (
          <DiscountCodeField
            t={t}
            idPrefix={idPrefix}
            applied={props.discount.applied}
            busy={props.discount.applying || props.submitting}
            error={props.discount.error}
            initialCode={session.discountCode ?? ""}
            onApply={props.discount.apply}
            onRemove={props.discount.remove}
          />
        )}
      </section>
      <section class="pw-main">
        {formError !== null && (
          <div class="pw-notice" role="alert">
            <strong>{t.t("form.error_title")}</strong>
            <p>{formError}</p>
            <button type="button" class="pw-btn pw-btn-secondary" onClick={props.onDismissFormError}>
              {t.t("common.try_again")}
            </button>
          </div>
        )}
        <form
          hidden={formError !== null}
          noValidate
          aria-busy={formLoading || props.submitting}
          onSubmit={(event) => {
            event.preventDefault();
            props.onSubmit();
          }}
        >
          <div class="pw-actions">
            {formLoading && <Spinner t={t} />}
            <div
              class="pw-actions"
              style={formLoading ? { visibility: "hidden", position: "absolute" } : undefined}
            >
              <div ref={stripe.mounts.express} data-element="express" hidden={!stripe.expressAvailable} />
              {stripe.expressAvailable && <div class="pw-divider">{t.t("form.divider")}</div>}
              {customerEmail === null && <div ref={stripe.mounts.email} data-element="email" />}
              {props.emailMessage && (
                <p class="pw-error-text" role="alert">
                  {props.emailMessage}
                </p>
              )}
              <div ref={stripe.mounts.payment} class="pw-card" data-element="payment" />
            </div>
            {props.handledError && (
              <p class="pw-error-text" role="alert">
                {props.handledError}
              </p>
            )}
            {priceUpdated && (
              <div class="pw-notice" role="alert">
                <strong>{t.t("price_updated.title")}</strong>
                <p>{t.t("price_updated.message")}</p>
                <button
                  type="button"
                  class="pw-btn pw-btn-secondary"
                  onClick={() => props.onToggleExpanded(true)}
                >
                  {t.t("price_updated.review")}
                </button>
              </div>
            )}
            <button type="submit" class="pw-btn" disabled={!props.enabled} aria-busy={props.submitting}>
              {props.payLabel}
            </button>
            {texts.terms && <p class="pw-terms">{texts.terms}</p>}
            {session.termsAndConditionsUrl && (
              <p class="pw-terms">
                <a href={session.termsAndConditionsUrl} target="_blank" rel="noopener noreferrer">
                  {t.t("terms.link")}
                </a>
              </p>
            )}
          </div>
        </form>
      </section>
    </div>
  );
}
