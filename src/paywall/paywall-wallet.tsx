import { createContext } from "preact";
import { useContext, useEffect, useRef, useState } from "preact/hooks";
import { ErrorCode } from "../errors/error-code";
import type { ExpressPurchaseButtonUpdater } from "../ui/express-purchase-button";
import type { WireWalletButton } from "./paywall-document";
import { StackBox, type PaywallViewModel, type Scope } from "./paywall-view";

/** Inside an express purchase button's `wallet_available_stack`: a `wallet_button` marks where Stripe's goes. */
const InExpressButton = createContext(false);

type WalletState = "unknown" | "available" | "unavailable";

/**
 * A wallet button (`express_purchase_button`, or a `wallet_button` on its own): Stripe's Express Checkout Element
 * for the selected package (the express purchase button), drawn where the `wallet_available_stack`'s
 * `wallet_button` is. `wallet_unknown_stack` shows while the wallets are asked for, `wallet_available_stack` when
 * one is offered, `wallet_unavailable_stack` when none is, the key has no wallets (Test Store keys) or the button
 * failed. A wallet purchase resolves the paywall; a failed one shows in it.
 */
export function WalletButton(props: { vm: PaywallViewModel; scope: Scope; component: WireWalletButton }) {
  const inside = useContext(InExpressButton);
  if (props.component.type === "wallet_button" && inside)
    return <div class="pw-pwl-wallet" data-wallet-slot="" />;
  return <ExpressButton {...props} />;
}

function ExpressButton({
  vm,
  scope,
  component,
}: {
  vm: PaywallViewModel;
  scope: Scope;
  component: WireWalletButton;
}) {
  const { wallet } = vm;
  const [state, setState] = useState<WalletState>(wallet ? "unknown" : "unavailable");
  const box = useRef<HTMLDivElement>(null);
  const updater = useRef<ExpressPurchaseButtonUpdater | null>(null);
  const selected = useRef(wallet?.packageOf(vm.selectedPackageId) ?? null);
  selected.current = wallet?.packageOf(vm.selectedPackageId) ?? selected.current;

  useEffect(() => {
    const rcPackage = selected.current;
    if (!wallet || !rcPackage) return setState("unavailable");
    const controller = new AbortController();
    const slot = box.current!.querySelector<HTMLElement>("[data-wallet-slot]") ?? box.current!;
    wallet
      .present(
        {
          rcPackage,
          htmlTarget: slot,
          onButtonReady: (ready, available) => {
            updater.current = ready;
            setState(available ? "available" : "unavailable");
            // No wallet to show: Stripe's element goes (its call ends as cancelled).
            if (!available) controller.abort();
          },
          listener: {
            onPurchaseStarted: wallet.started,
            onPurchaseError: wallet.failed,
            onPurchaseCancelled: wallet.cancelled,
          },
        },
        controller.signal,
      )
      .then(
        (result) => wallet.purchased(result, selected.current!),
        (error: { errorCode?: number } & Parameters<typeof wallet.failed>[0]) => {
          if (controller.signal.aborted || error.errorCode === ErrorCode.UserCancelledError) return;
          setState("unavailable");
          wallet.failed(error);
        },
      );
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (selected.current) updater.current?.updatePurchase(selected.current);
  }, [vm.selectedPackageId]);

  const shown = (stack: WireWalletButton["wallet_unknown_stack"]) =>
    stack ? <StackBox vm={vm} scope={scope} stack={stack} /> : null;
  return (
    <div ref={box} class="pw-pwl-express" data-wallet-state={state}>
      {component.wallet_available_stack && state !== "unavailable" && (
        <div class={state === "available" ? undefined : "pw-pwl-wallet-waiting"}>
          <InExpressButton.Provider value={true}>
            {shown(component.wallet_available_stack)}
          </InExpressButton.Provider>
        </div>
      )}
      {state === "unknown" && shown(component.wallet_unknown_stack)}
      {state === "unavailable" && shown(component.wallet_unavailable_stack)}
    </div>
  );
}
