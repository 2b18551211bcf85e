import { useEffect, useState } from "react";
import { ErrorCode, isPurchasesError, type Package } from "purchases-web";
import { purchases } from "./purchases";

/** Where the upgrade stands: loading the offering, ready to buy, buying, or how the last attempt ended. */
export type UpgradeState =
  | { status: "loading" }
  | { status: "unavailable"; reason: string }
  | { status: "ready"; rcPackage: Package }
  | { status: "purchasing"; rcPackage: Package }
  | { status: "premium" }
  | { status: "cancelled"; rcPackage: Package }
  | { status: "failed"; rcPackage: Package; reason: string };

/** What a failed call tells the user: a `PurchasesError` has a code and a public message; anything else is a bug. */
function failureReason(error: unknown): string {
  if (!isPurchasesError(error)) throw error;
  return error.errorCode === ErrorCode.NetworkError ? "The billing server cannot be reached." : error.message;
}

/**
 * Loads the current offering's monthly package and buys it on `upgrade()`.
 *
 * @example
 * const { state, upgrade } = useUpgrade();
 */
export function useUpgrade(): { state: UpgradeState; upgrade: () => void } {
  const [state, setState] = useState<UpgradeState>({ status: "loading" });

  useEffect(() => {
    let live = true;
    purchases
      .getOfferings()
      .then((offerings) => {
        const rcPackage = offerings.current?.monthly;
        if (!live) return;
        setState(
          rcPackage
            ? { status: "ready", rcPackage }
            : { status: "unavailable", reason: "No monthly package." },
        );
      })
      .catch((error: unknown) => live && setState({ status: "unavailable", reason: failureReason(error) }));
    return () => {
      live = false;
    };
  }, []);

  const upgrade = () => {
    if (state.status !== "ready" && state.status !== "cancelled" && state.status !== "failed") return;
    const { rcPackage } = state;
    setState({ status: "purchasing", rcPackage });
    purchases
      .purchase({ rcPackage })
      .then(({ customerInfo }) =>
        setState(
          customerInfo.entitlements.active.premium
            ? { status: "premium" }
            : { status: "failed", rcPackage, reason: "The purchase did not grant premium." },
        ),
      )
      .catch((error: unknown) =>
        setState(
          isPurchasesError(error) && error.errorCode === ErrorCode.UserCancelledError
            ? { status: "cancelled", rcPackage }
            : { status: "failed", rcPackage, reason: failureReason(error) },
        ),
      );
  };

  return { state, upgrade };
}
