import { render } from "preact";
import { performTestStorePurchase } from "../checkout/test-store-purchase";
import { ErrorCode } from "../errors/error-code";
import { isPurchasesError, PurchasesError } from "../errors/purchases-error";
import { isSandboxKey, type ApiKeyKind } from "../config/api-key-kind";
import { paysInTestStore } from "../config/key-payment";
import { loadTranslator } from "../i18n/translator";
import { Logger } from "../logger";
import type { Offering } from "../model/types";
import { CheckoutApp } from "./checkout-app";
import { showAppleTouchIcon } from "./apple-touch-icon";
import { mountWidget } from "./mount-widget";
import {
  sessionEndProperties,
  sessionStartProperties,
  type ActiveSession,
  type PurchasedResult,
  type PurchaseSession,
} from "./purchase-session";
import { WIDGET_CSS } from "./styles";
import { productTexts, purchasePlan } from "./product-texts";
import { TestStoreModal, testStoreRows } from "./test-store-modal";
import { brandingWithAppearance, themeVariables } from "./theme";

export { purchaseSession } from "./purchase-request";

/**
 * Loads ahead of need what a purchase will (the core calls it on an idle page once offerings are shown; this chunk
 * is loaded by then): the texts in the browser's language, compiled for the current offering's packages (the
 * Test Store modal's rows, the checkout's product lines) and Stripe's loader for a card checkout (the core loads
 * the paywall's code). A failure here is left to the purchase, which loads them again.
 *
 * @example
 * ui.warmUp(window, "sandbox", offerings.current);
 */
export function warmUp(win: Window, apiKeyKind: ApiKeyKind, current: Offering | null): void {
  const ignore = () => {};
  loadTranslator(win.navigator?.language, null)
    .then((t) => {
      for (const rcPackage of current?.availablePackages ?? []) {
        if (paysInTestStore(apiKeyKind)) testStoreRows(t, rcPackage);
        else productTexts(t, purchasePlan(rcPackage.webBillingProduct, null, Date.now()), String);
      }
      const first = current?.availablePackages[0];
      if (paysInTestStore(apiKeyKind) && first) {
        // Drawn once into a detached element (no style, layout or paint): the modal's code is compiled by then.
        const scratch = win.document.createElement("div");
        render(<TestStoreModal t={t} rcPackage={first} titleId="" onOutcome={ignore} />, scratch);
        render(null, scratch);
      }
    })
    .catch(ignore);
  if (!paysInTestStore(apiKeyKind)) import("@stripe/stripe-js/pure").catch(ignore);
}

const cancelled = () => new PurchasesError(ErrorCode.UserCancelledError);
const asPurchasesError = (error: unknown) =>
  isPurchasesError(error) ? error : new PurchasesError(ErrorCode.UnknownError, undefined, { cause: error });

/**
 * Shows the purchase UI: the Test Store modal for `test_` keys, the checkout widget otherwise. Resolves when the
 * customer has bought the package (the Test Store's result carries the customer info, the checkout's does not);
 * rejects with a `PurchasesError` (UserCancelledError when they close it). The
 * UI, its style and listeners are gone when the promise settles.
 *
 * @example
 * const result = await presentPurchase(session);
 */
export async function presentPurchase(session: PurchaseSession): Promise<PurchasedResult> {
  const { env, win, signal } = session;
  const productId = session.rcPackage.webBillingProduct.identifier;
  Logger.info(`Purchase started: ${productId}${paysInTestStore(session.apiKeyKind) ? " (Test Store)" : ""}.`);
  const t = await loadTranslator(session.selectedLocale ?? win.navigator?.language, session.defaultLocale);
  if (signal.aborted) throw cancelled();
  const active: ActiveSession = {
    ...session,
    branding: brandingWithAppearance(session.branding, session.appearanceOverride),
    t,
    traceId: env.randomUUID(),
    sandbox: isSandboxKey(session.apiKeyKind),
  };
  const testStore = paysInTestStore(session.apiKeyKind);
  session.analytics.track("checkout_session_start", sessionStartProperties(active), active.traceId);

  return new Promise<PurchasedResult>((resolve, reject) => {
    let settled = false;
    // Until the checkout installs its own handler (in an effect, after the first paint), Escape and browser back
    // simply cancel: a dismissal that arrived in between must not leave the purchase pending forever.
    let dismiss = (): void => finish({ error: cancelled() });
    const mount = mountWidget({
      win,
      htmlTarget: session.htmlTarget,
      // A host's `#rcb-ui-root` (the peer SDK's mount point) holds the full-screen checkout.
      fullscreenParent: win.document.getElementById("rcb-ui-root"),
      css: WIDGET_CSS,
      nonce: session.nonce,
      lang: t.lang,
      dir: t.dir,
      variant: testStore ? "pw-test-store" : "pw-checkout-root",
      variables: themeVariables(active.branding?.appearance, active.branding?.brand_font_config),
      fontUrl: active.branding?.brand_font_config?.font_url,
      onDismiss: () => dismiss(),
    });
    const removeIcon =
      session.applePayBrandingLogo && !testStore
        ? showAppleTouchIcon(win.document, active.branding?.app_icon)
        : () => {};
    const finish = (ended: { result: PurchasedResult } | { error: PurchasesError }) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      mount.unmount();
      removeIcon();
      Logger.info(
        `Purchase finished: ${productId}, ${"result" in ended ? "purchased" : `${ErrorCode[ended.error.errorCode]} (${ended.error.message})`}.`,
      );
      if ("result" in ended) {
        const redemption = !testStore && ended.result.redemptionInfo !== null;
        session.analytics.track(
          "checkout_session_end",
          sessionEndProperties({ withRedemptionInfo: redemption }),
          active.traceId,
        );
        resolve(ended.result);
      } else {
        session.analytics.track("checkout_session_end", sessionEndProperties(ended), active.traceId);
        reject(ended.error);
      }
    };
    const onAbort = () => finish({ error: cancelled() });
    signal.addEventListener("abort", onAbort);

    if (testStore) {
      const controller = new AbortController();
      signal.addEventListener("abort", () => controller.abort(), { once: true });
      render(
        <TestStoreModal
          t={t}
          rcPackage={session.rcPackage}
          titleId={mount.titleId}
          onOutcome={(outcome) =>
            performTestStorePurchase({ ...session, outcome, signal: controller.signal }).then(
              (result) => finish({ result }),
              (error: unknown) => finish({ error: asPurchasesError(error) }),
            )
          }
        />,
        mount.root,
      );
    } else {
      render(
        <CheckoutApp
          session={active}
          mount={mount}
          onDismissHandler={(handler) => (dismiss = handler)}
          onFinish={(outcome) =>
            finish(outcome.kind === "purchased" ? { result: outcome.result } : { error: outcome.error })
          }
        />,
        mount.root,
      );
    }
    mount.focusFirst();
  });
}
