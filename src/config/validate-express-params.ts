// Argument checks of `presentExpressPurchaseButton()`, in their own module so that only the express button's lazy
// chunk carries them (a module shared with the checkout would land in the checkout's download too).
import {
  PURCHASE_CALLBACKS,
  requireCallbacks,
  validatePurchaseParams,
  type PurchaseParamsShape,
} from "./validate-ui-params";
import { invalid } from "./validate-params";

/** The parts of `PresentExpressPurchaseButtonParams` the checks read beyond a purchase's. */
export interface ExpressParamsShape extends PurchaseParamsShape {
  readonly onButtonReady?: unknown;
  readonly listener?: unknown;
  readonly walletButtonTheme?: unknown;
}

/**
 * Checks `presentExpressPurchaseButton()`'s parameters: a purchase's, with `htmlTarget` required, the callbacks
 * and the wallet button theme; `walletKey` telling whether the API key pays through Stripe (a Web Billing key).
 *
 * @example
 * validateExpressButtonParams(params, Boolean(env.window?.document), paysWithWallets(config.apiKeyKind));
 */
export function validateExpressButtonParams(
  params: ExpressParamsShape | null | undefined,
  hasWindow: boolean,
  walletKey: boolean,
): void {
  validatePurchaseParams(params, hasWindow, "presentExpressPurchaseButton");
  if (!walletKey) {
    throw invalid(
      "The express purchase button needs a Web Billing API key (rcb_…): Test Store keys buy through purchase().",
    );
  }
  if (params.htmlTarget == null) throw invalid("htmlTarget must be an HTML element.");
  const theme = params.walletButtonTheme;
  if (theme != null && !["black", "white", "white-outline"].includes(theme as string))
    throw invalid('walletButtonTheme must be "black", "white" or "white-outline".');
  requireCallbacks(params, params.listener, ["onButtonReady", ...PURCHASE_CALLBACKS]);
}
