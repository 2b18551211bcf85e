// The options Stripe's Express Checkout Element takes for the express purchase button: how the wallet buttons
// look when created, and what the wallet's sheet says about a subscription when the customer presses one
// (Apple Pay's recurring payment request: its price, period, trial and where to manage it).
import type { ClickResolveDetails, StripeExpressCheckoutElementOptions } from "@stripe/stripe-js";
import { PeriodUnit, type Period, type Product, type PurchaseOption } from "../model/types";
import type { Translator } from "../i18n/translator";
import { purchasePlan } from "./product-texts";

/** The look of the wallet buttons, as purchases-js names it (Apple Pay's button styles). */
export type WalletButtonTheme = "black" | "white" | "white-outline";

/**
 * The options of `elements.create("expressCheckout", …)`: the buttons in one row, in `theme` (Google Pay has no
 * outline style: white), with the app's name as the business the wallet shows; the wallet asks for the payer's
 * email when `emailRequired` (the host gave none).
 *
 * @example
 * elements.create("expressCheckout", expressElementOptions("white", "Realmheart", true));
 */
export function expressElementOptions(
  theme: WalletButtonTheme,
  businessName: string | null,
  emailRequired: boolean,
): StripeExpressCheckoutElementOptions {
  return {
    buttonHeight: 48,
    buttonTheme: { applePay: theme, googlePay: theme === "white-outline" ? "white" : theme },
    layout: { maxRows: 1, overflow: "auto" },
    emailRequired,
    ...(businessName ? { business: { name: businessName } } : {}),
  };
}

/** Apple Pay counts in years, months and days: a week is seven days. */
function applePayInterval(period: Period | null) {
  if (!period) return {};
  const { number, unit } = period;
  const week = unit === PeriodUnit.Week;
  return {
    recurringPaymentIntervalUnit: week ? PeriodUnit.Day : unit,
    recurringPaymentIntervalCount: week ? number * 7 : number,
  };
}

/**
 * The options the click on a wallet button resolves with: for a subscription, Apple Pay's recurring payment request
 * (its regular price and period, from the first charge, and the free trial before it) once the checkout start has
 * answered with the page that manages it.
 *
 * @example
 * event.resolve(expressClickOptions({ product, option: null, managementUrl, t, now: Date.now() }));
 */
export function expressClickOptions(input: {
  product: Product;
  option: PurchaseOption | null;
  managementUrl: string | null;
  t: Translator;
  now: number;
}): ClickResolveDetails {
  const { product } = input;
  const plan = purchasePlan(product, input.option, input.now);
  // Apple Pay requires the management page: without one the sheet shows the price alone.
  if (!plan.isSubscription || !plan.base.price || !input.managementUrl) return {};
  const regularBilling = {
    amount: plan.base.price.amount,
    label: product.title,
    ...applePayInterval(plan.base.period),
    ...(plan.trialEnd ? { recurringPaymentStartDate: plan.trialEnd } : {}),
  };
  const trialBilling = plan.trialEnd
    ? { amount: 0, label: input.t.t("test_store.free_trial"), recurringPaymentEndDate: plan.trialEnd }
    : null;
  return {
    applePay: {
      recurringPaymentRequest: {
        paymentDescription: product.title,
        managementURL: input.managementUrl,
        regularBilling,
        ...(trialBilling ? { trialBilling } : {}),
      },
    },
  };
}
