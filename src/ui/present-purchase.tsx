import { render } from "preact";
import { pendingCheckoutStart, type PendingCheckoutStart } from "../checkout/checkout-start";
import { performTestStorePurchase } from "../checkout/test-store-purchase";
import { ErrorCode } from "../errors/error-code";
import { isPurchasesError, PurchasesError } from "../errors/purchases-error";
import { isSandboxKey, type ApiKeyKind } from "../config/api-key-kind";
import { paysInTestStore } from "../config/key-payment";
import { loadTranslator } from "../i18n/translator";
import { loadLazy } from "../load-lazy";
import { Logger } from "../logger";
import type { Offering } from "../model/types";
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
 * The card checkout's code, its own chunk (the Test Store modal, drawn by this one, needs none of it): loaded once
 * and then returned at once, so that a warmed-up checkout opens in the frame of the press.
 */
const loadCheckoutApp = () => loadLazy("card checkout", () => import("./checkout-app"));

/** Purchases presented since this chunk loaded: the warm-up does nothing for a purchase already on its way. */
let purchasesBegun = 0;

/** What {@link warmUp} may load through the core, and the instance's lifetime. */
export interface WarmUpLoads {
  readonly signal: AbortSignal;
  readonly paywall: () => unknown;
}

/**
 * Loads ahead of need what a purchase will (the core calls it while the offerings are being fetched, as soon as
 * this chunk is loaded; the core asks for the branding): the texts in the browser's language at once; the card checkout's code
 * and Stripe's loader for card keys; once `current` (the offering the page will sell) is known, a task later (a
 * purchase asked for at once goes first), its packages' texts compiled (the Test Store modal's rows, the
 * checkout's product lines), then the paywall's code when it has one. Nothing for a closed instance. A failure
 * here is left to the purchase, which loads them again.
 *
 * @example
 * ui.warmUp(window, "sandbox", offerings.then((all) => all.current), loads);
 */
export function warmUp(
  win: Window,
  apiKeyKind: ApiKeyKind,
  current: Promise<Offering | null>,
  loads: WarmUpLoads,
): void {
  const ignore = () => {};
  const begunBefore = purchasesBegun;
  // Closed, or a purchase asked for at once is being drawn: its frame comes first, and it has loaded what it needs.
  const open = () => !loads.signal.aborted && purchasesBegun === begunBefore;
  if (!open()) return;
  const testStore = paysInTestStore(apiKeyKind);
  if (!testStore) {
    import("@stripe/stripe-js/pure").catch(ignore);
    Promise.resolve(loadCheckoutApp()).catch(ignore);
  }
  const texts = loadTranslator(win.navigator?.language, null);
  current
    .then(async (offering) => {
      const t = await texts;
      await new Promise((resolve) => setTimeout(resolve));
      if (!open()) return;
      for (const rcPackage of offering?.availablePackages ?? []) {
        if (testStore) testStoreRows(t, rcPackage);
        else productTexts(t, purchasePlan(rcPackage.webBillingProduct, null, Date.now()), String);
      }
      const first = offering?.availablePackages[0];
      if (testStore && first) {
        // Drawn once into a detached element (no style, layout or paint): the modal's code is compiled by then.
        const scratch = win.document.createElement("div");
        render(<TestStoreModal t={t} rcPackage={first} titleId="" onOutcome={async () => {}} />, scratch);
        render(null, scratch);
      }
      if (offering?.paywallComponents) await loads.paywall();
    })
    .catch(ignore);
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
  purchasesBegun++;
  const testStore = paysInTestStore(session.apiKeyKind);
  const productId = session.rcPackage.webBillingProduct.identifier;
  Logger.info(`Purchase started: ${productId}${testStore ? " (Test Store)" : ""}.`);
  const traceId = session.env.randomUUID();
  // A card checkout asks for its start now, beside its code and texts, rather than once its form is drawn; a
  // start still unanswered when the purchase ends is abandoned.
  const earlyStart = testStore
    ? null
    : pendingCheckoutStart({ ...session, email: session.customerEmail, traceId });
  try {
    return await showPurchase(session, { testStore, productId, traceId, earlyStart });
  } finally {
    earlyStart?.abort();
  }
}

/** What {@link presentPurchase} knows of a purchase before it shows it. */
interface PurchaseBegun {
  readonly testStore: boolean;
  readonly productId: string;
  readonly traceId: string;
  readonly earlyStart: PendingCheckoutStart | null;
}

/** {@link presentPurchase} once the purchase has begun. */
async function showPurchase(
  session: PurchaseSession,
  { testStore, productId, traceId, earlyStart }: PurchaseBegun,
): Promise<PurchasedResult> {
  const { win, signal } = session;
  const [t, app] = await Promise.all([
    loadTranslator(session.selectedLocale ?? win.navigator?.language, session.defaultLocale),
    testStore ? null : loadCheckoutApp(),
  ]);
  if (signal.aborted) throw cancelled();
  const active: ActiveSession = {
    ...session,
    branding: brandingWithAppearance(session.branding, session.appearanceOverride),
    t,
    traceId,
    sandbox: isSandboxKey(session.apiKeyKind),
    earlyStart,
  };
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
      // One receipt for the purchase, however often it is tried: a retry after a lost answer is answered again.
      const fetchToken = `test_${session.env.now()}_${session.env.randomUUID()}`;
      render(
        <TestStoreModal
          t={t}
          rcPackage={session.rcPackage}
          titleId={mount.titleId}
          onOutcome={(outcome) =>
            performTestStorePurchase({ ...session, outcome, fetchToken, signal: controller.signal }).then(
              (result) => finish({ result }),
              (error: unknown) => {
                const failure = asPurchasesError(error);
                // The billing server could not be reached: the modal stays, says so, and may be tried again.
                if (failure.errorCode === ErrorCode.NetworkError && !controller.signal.aborted) {
                  throw new Error(t.t("error.network", { errorCode: failure.errorCode }));
                }
                finish({ error: failure });
              },
            )
          }
        />,
        mount.root,
      );
    } else if (app) {
      render(
        <app.CheckoutApp
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
