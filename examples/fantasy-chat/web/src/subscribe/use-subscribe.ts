import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { CONFIG_KEY } from "../api/keys";
import type { ClientConfig, User } from "../api/types";
import { isPremium } from "../auth/access";
import { USER_KEY, useAuth } from "../auth/use-auth";
import { toast } from "../toast/toast-store";
import type { Billing } from "./sdk-billing";
import { useWebPaymentReturn } from "./use-web-payment-return";
import { initializePayment, payInPopup, providerName } from "./web-payment";

/** The SDK's part of the screen: its own chunk (the SDK is most of it), fetched once the screen is drawn. */
const loadSdkBilling = () => import("./sdk-billing");

/** How premium is bought: the SDK's checkout ("App Store / Google Play") or the card provider's web payment. */
export type Method = "sdk" | "web";

/**
 * After an SDK purchase the billing server tells this app by webhook, which its worker delivers within seconds:
 * the user is read again until premium shows, at most this often.
 */
export const premiumPolling = { attempts: 20, gapMs: 1000 };

/** The Premium button's text for where the screen stands. */
export function premiumButtonLabel(state: {
  subscribed: boolean;
  busy: boolean;
  sdkReady: boolean;
  webReady: boolean;
  method: Method;
  provider: string;
}): string {
  const { subscribed, busy, sdkReady, webReady, method, provider } = state;
  return subscribed
    ? "Already Subscribed"
    : busy
      ? "Processing..."
      : !sdkReady && !webReady
        ? "Loading payment options..."
        : method === "sdk"
          ? sdkReady
            ? "Subscribe via App Store"
            : "Loading payment options..."
          : `Subscribe via ${provider}`;
}

/**
 * The SDK set up for `userId` with the server's `config`, in a task of its own after the screen's first frame
 * (loading and setting up the SDK is not the render's work): the billing once ready, or whether it failed.
 */
function useSdkBilling(config: ClientConfig | undefined, userId: string | undefined) {
  const [billing, setBilling] = useState<Billing | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!config || !userId) return;
    let live = true;
    const timer = setTimeout(() =>
      loadSdkBilling()
        .then((sdk) => sdk.configureBilling(config, { id: userId }))
        .then(
          (configured) => live && setBilling(configured),
          () => live && setFailed(true),
        ),
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [config, userId]);
  return { billing, failed };
}

/**
 * The upgrade screen's state and actions: the SDK configured for the user, the chosen method (the web payment when
 * the SDK cannot be set up), the web payment's return, subscribing through either method and restoring SDK
 * purchases, each with its toasts.
 */
export function useSubscribe() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const config = useQuery<ClientConfig>({ queryKey: CONFIG_KEY });
  const userId = user?.id;
  const { billing, failed: sdkFailed } = useSdkBilling(config.data, userId);
  const [chosenMethod, setMethod] = useState<Method>("sdk");
  const method: Method = sdkFailed ? "web" : chosenMethod;
  const [busy, setBusy] = useState(false);
  const subscribed = user ? isPremium(user) : false;

  const refreshUser = () => queryClient.invalidateQueries({ queryKey: USER_KEY });
  const refreshUntilPremium = async () => {
    for (let attempt = 1; attempt <= premiumPolling.attempts; attempt++) {
      await refreshUser();
      const fresh = queryClient.getQueryData<User | null>(USER_KEY);
      if (fresh && isPremium(fresh)) return;
      if (attempt < premiumPolling.attempts)
        await new Promise((resolve) => setTimeout(resolve, premiumPolling.gapMs));
    }
  };

  const settle = useWebPaymentReturn(refreshUser);

  const webReady = Boolean(config.data && user);
  const sdkReady = billing !== null;
  // Until the SDK is configured or has failed, the screen keeps room for what it will add.
  const sdkPending = !sdkReady && !sdkFailed;
  const ready = method === "sdk" ? sdkReady : webReady;
  const provider = providerName(config.data?.paymentProvider);

  const subscribe = async () => {
    if (!user || busy || subscribed) return;
    setBusy(true);
    try {
      if (method === "sdk" && billing) {
        const { purchasePremium } = await loadSdkBilling();
        const outcome = await purchasePremium(billing, user.email);
        if (outcome.kind === "purchased") {
          // The button says 'Processing...' until premium shows; the toast comes with it, not before.
          await refreshUntilPremium();
          toast({ title: "Payment Successful!", description: "Welcome to premium! Unlimited chats await." });
        } else if (outcome.kind === "cancelled") {
          toast({ title: "Payment Cancelled", description: "Payment was cancelled" });
        } else {
          toast({ title: "Payment Failed", description: outcome.message, variant: "destructive" });
        }
        return;
      }
      let payment: { authorization_url: string; reference: string };
      try {
        payment = await initializePayment(user.email);
      } catch {
        toast({
          title: "Payment Failed",
          description: "Failed to initialize payment",
          variant: "destructive",
        });
        return;
      }
      const done = payInPopup(payment.authorization_url);
      if (done) {
        await done;
        await settle(payment.reference);
      }
    } finally {
      setBusy(false);
    }
  };

  const restore = async () => {
    if (!billing) return;
    setBusy(true);
    try {
      const { restorePurchases } = await loadSdkBilling();
      if (await restorePurchases(billing)) {
        await refreshUser();
        toast({ title: "Purchases Restored", description: "Your premium access is active again." });
      } else {
        toast({ title: "No Purchases Found", description: "There are no previous purchases to restore." });
      }
    } catch {
      toast({ title: "Restore Failed", description: "Please try again", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  const premiumLabel = premiumButtonLabel({ subscribed, busy, sdkReady, webReady, method, provider });
  return {
    subscribed,
    sdkReady,
    sdkPending,
    ready,
    busy,
    method,
    setMethod,
    premiumLabel,
    subscribe,
    restore,
  };
}
