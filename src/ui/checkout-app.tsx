import { useEffect, useMemo, useReducer, useRef, useState } from "preact/hooks";
import { gatewayErrorMessage, startCheckout } from "../checkout/checkout-start";
import { BackendErrorCode } from "../errors/backend-error-code";
import { ErrorCode } from "../errors/error-code";
import { isPurchasesError, PurchasesError } from "../errors/purchases-error";
import type { WireCheckoutStartResponse } from "../http/wire";
import { formatPrice } from "../model/price";
import {
  checkoutTransition,
  initialCheckoutPage,
  type CheckoutEvent,
  type CheckoutOutcome,
} from "./checkout-flow";
import { errorKindOf, type ErrorKind } from "./error-page-model";
import type { WidgetMount } from "./mount-widget";
import { ErrorPage, Header, SandboxBanner, Spinner, SuccessPage } from "./pages";
import { PaymentEntry } from "./payment-entry";
import { PricingTable, ProductInfo } from "./product-column";
import { productTexts, purchasePlan, type ProductTexts, type PurchasePlan } from "./product-texts";
import type { ActiveSession } from "./purchase-session";
import { themeVariables } from "./theme";

/** Container width from which the two-column layout is used, and how long resizes settle first (docs/checkout.md, "Constants"). */
export const WIDE_LAYOUT_MIN_WIDTH = 768;
export const RESIZE_DEBOUNCE_MS = 150;

/** Props of {@link CheckoutApp}. */
export interface CheckoutAppProps {
  readonly session: ActiveSession;
  readonly mount: WidgetMount;
  /** Receives the handler of Escape and browser back. */
  readonly onDismissHandler: (handler: () => void) => void;
  readonly onFinish: (outcome: CheckoutOutcome) => void;
}

function useWideLayout(session: ActiveSession, root: HTMLElement): boolean {
  const measure = () => root.clientWidth >= WIDE_LAYOUT_MIN_WIDTH;
  const [wide, setWide] = useState(measure);
  useEffect(() => {
    const { env, win } = session;
    let timer: unknown = null;
    const onResize = () => {
      env.clearTimeout(timer);
      timer = env.setTimeout(() => setWide(measure()), RESIZE_DEBOUNCE_MS);
    };
    const Observer = (win as Window & { ResizeObserver?: typeof ResizeObserver }).ResizeObserver;
    const observer = typeof Observer === "function" ? new Observer(onResize) : null;
    observer?.observe(root);
    win.addEventListener("resize", onResize);
    return () => {
      observer?.disconnect();
      win.removeEventListener("resize", onResize);
      env.clearTimeout(timer);
    };
  }, []);
  return wide;
}

/**
 * Starts the checkout (or takes the start asked for as the purchase began); on failure calls `fail` with the error
 * page's kind. @returns what cancels it (a page that leaves the loading state, or the widget closing).
 */
function beginCheckout(
  session: ActiveSession,
  started: (checkout: WireCheckoutStartResponse) => void,
  fail: (error: PurchasesError, kind: ErrorKind) => void,
): () => void {
  const controller = new AbortController();
  const { traceId } = session;
  const early = session.earlyStart?.take();
  const answer =
    early ?? startCheckout({ ...session, email: session.customerEmail, traceId, signal: controller.signal });
  answer.then(
    (checkout) => controller.signal.aborted || started(checkout),
    (error: unknown) => {
      if (controller.signal.aborted) return;
      const purchasesError = isPurchasesError(error)
        ? error
        : new PurchasesError(ErrorCode.UnknownError, undefined, { cause: error });
      fail(
        purchasesError,
        errorKindOf(purchasesError, "start", session.rcPackage.webBillingProduct.productType),
      );
    },
  );
  return () => {
    controller.abort();
    if (early) session.earlyStart?.abort();
  };
}

/** What a sandbox's error page tells the developer of its cause: that the billing server has no payment gateway. */
function sandboxDetail(session: ActiveSession, error: PurchasesError | null | undefined): string | null {
  return session.sandbox && error?.extra?.backendErrorCode === BackendErrorCode.PaymentGatewayError
    ? gatewayErrorMessage(error)
    : null;
}

/** The payment entry page while the checkout starts: the product column as it will be, a spinner for the form. */
function LoadingPage(props: {
  readonly session: ActiveSession;
  readonly texts: ProductTexts;
  readonly plan: PurchasePlan;
  readonly titleId: string;
  readonly formatMoney: (micros: number) => string;
  readonly formatDate: (date: Date) => string;
}) {
  const { t, branding } = props.session;
  return (
    <div class="pw-cols">
      <section class="pw-product">
        <ProductInfo
          t={t}
          product={props.session.rcPackage.webBillingProduct}
          texts={props.texts}
          showDescription={branding?.appearance?.show_product_description === true}
          titleId={props.titleId}
        />
        <PricingTable
          t={t}
          plan={props.plan}
          breakdown={null}
          address={{}}
          expanded={false}
          onToggle={() => {}}
          formatMoney={props.formatMoney}
          formatDate={props.formatDate}
          idPrefix="pw-loading"
        />
      </section>
      <section class="pw-main">
        <Spinner t={t} />
      </section>
    </div>
  );
}

/**
 * The hosted checkout widget of `rcb_` keys: starts the checkout, then shows the payment entry, error and success
 * pages of docs/checkout.md as {@link checkoutTransition} moves between them.
 */
export function CheckoutApp({ session, mount, onDismissHandler, onFinish }: CheckoutAppProps) {
  const { t, env, branding, analytics, traceId } = session;
  const product = session.rcPackage.webBillingProduct;
  const [state, dispatch] = useReducer(
    (page: typeof initialCheckoutPage, event: CheckoutEvent) =>
      checkoutTransition(page, event, { skipSuccessPage: session.skipSuccessPage }),
    initialCheckoutPage,
  );
  const wide = useWideLayout(session, mount.root);
  const variables = useMemo(() => themeVariables(branding?.appearance, branding?.brand_font_config), []);
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(t.lang, { dateStyle: "medium" }), []);
  const formatDate = (date: Date) => dateFormat.format(date);
  const formatMoney = (micros: number) =>
    formatPrice(micros, product.currentPrice.currency, session.priceLocale);
  const plan = useMemo(() => purchasePlan(product, session.purchaseOption, env.now()), []);
  const texts = useMemo(() => productTexts(t, plan, formatDate), []);
  const firstPage = useRef(true);

  const failedEmail = useRef(session.customerEmail ?? "");
  const fail = (error: PurchasesError | null, kind: ErrorKind, email?: string) => {
    if (email !== undefined) failedEmail.current = email;
    analytics.track(
      "checkout_flow_error",
      { error_code: error?.errorCode ?? ErrorCode.UnknownError, error_message: error?.message ?? "" },
      traceId,
    );
    dispatch({ type: "failed", error, kind });
  };

  const closeRef = useRef(() => {});
  useEffect(() => onDismissHandler(() => closeRef.current()), []);

  useEffect(() => {
    if (state.page === "finished") onFinish(state.outcome);
    else if (firstPage.current) firstPage.current = false;
    // A new page takes focus at its heading, so screen readers announce it.
    else session.win.document.getElementById(mount.titleId)?.focus();
    if (state.page !== "payment-entry-loading") return;
    return beginCheckout(session, (checkout) => dispatch({ type: "started", checkout }), fail);
  }, [state.page]);

  const close = () => {
    if (state.page === "payment-entry") analytics.track("checkout_payment_form_dismiss", {}, traceId);
    dispatch({ type: "closed" });
  };
  closeRef.current = close;
  let body;
  switch (state.page) {
    case "payment-entry-loading":
      body = (
        <LoadingPage
          session={session}
          texts={texts}
          plan={plan}
          titleId={mount.titleId}
          formatMoney={formatMoney}
          formatDate={formatDate}
        />
      );
      break;
    case "payment-entry":
      body = (
        <PaymentEntry
          session={session}
          checkout={state.checkout}
          plan={plan}
          texts={texts}
          titleId={mount.titleId}
          variables={variables}
          formatMoney={formatMoney}
          formatDate={formatDate}
          onFailed={fail}
          onPurchased={(result) => dispatch({ type: "purchased", result })}
        />
      );
      break;
    case "error":
      body = (
        <ErrorPage
          t={t}
          titleId={mount.titleId}
          kind={state.kind}
          errorCode={state.error?.errorCode ?? ErrorCode.UnknownError}
          email={failedEmail.current}
          branding={branding}
          sandboxDetail={sandboxDetail(session, state.error)}
          onRetry={() => dispatch({ type: "retry" })}
          onClose={() => dispatch({ type: "continue" })}
        />
      );
      break;
    case "success":
      body = (
        <SuccessPage
          t={t}
          titleId={mount.titleId}
          onShown={() => analytics.track("checkout_purchase_successful_impression", {}, traceId)}
          onContinue={() => {
            analytics.track("checkout_purchase_successful_dismiss", {}, traceId);
            dispatch({ type: "continue" });
          }}
        />
      );
      break;
    default:
      body = null;
  }
  return (
    <div class={wide ? "pw-checkout pw-wide" : "pw-checkout"}>
      {session.sandbox && <SandboxBanner t={t} />}
      <Header
        t={t}
        branding={branding}
        onClose={mount.fullscreen && !session.hideBackButton ? close : null}
      />
      {body}
    </div>
  );
}
