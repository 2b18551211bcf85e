import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { isApiError } from "../api/api-error";
import { CONFIG_KEY } from "../api/keys";
import type { ClientConfig, User } from "../api/types";
import { isPremium } from "../auth/access";
import { USER_KEY, useAuth } from "../auth/use-auth";
import { toast } from "../toast/toast-store";
import { configureBilling, purchasePremium, restorePurchases, type Billing } from "./sdk-billing";
import {
  initializePayment,
  payInPopup,
  providerName,
  reportReturnFromPopup,
  verifyPayment,
} from "./web-payment";
import { Icon } from "../ui/Icon";
import { FeatureGrid, type Feature } from "../ui/FeatureGrid";
import { Section } from "../ui/Section";
import { PlanCard } from "./PlanCard";

type Method = "sdk" | "web";

/**
 * After an SDK purchase the billing server tells this app by webhook, which its worker delivers within seconds:
 * the user is read again until premium shows, at most this often.
 */
export const premiumPolling = { attempts: 20, gapMs: 1000 };

const FREE_FEATURES = ["3 free messages per day", "Access to all characters", "Basic chat features"];
const PREMIUM_FEATURES = [
  "Unlimited messages",
  "Priority AI responses",
  "Exclusive premium characters",
  "Advanced memory system",
  "Cancel anytime",
];
const WHY: Feature[] = [
  {
    icon: "infinity",
    title: "Unlimited Conversations",
    text: "Talk as long as the night allows, with every companion, without counting messages.",
  },
  {
    icon: "sparkles",
    title: "Enhanced AI",
    text: "Priority replies and an advanced memory that keeps every promise and secret you share.",
  },
  {
    icon: "flame",
    title: "Exclusive Content",
    text: "Premium-only characters: fae royalty, shadow queens and legendary dragon riders.",
  },
];

/** The upgrade screen (`/subscribe`): payment method, plans, Premium Active, restore. */
export default function Subscribe() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const search = useSearch();
  const [, navigate] = useLocation();
  const config = useQuery<ClientConfig>({ queryKey: CONFIG_KEY });
  const [billing, setBilling] = useState<Billing | null>(null);
  const [method, setMethod] = useState<Method>("sdk");
  const [busy, setBusy] = useState(false);
  const subscribed = user ? isPremium(user) : false;
  const userId = user?.id;

  useEffect(() => {
    if (!config.data || !userId) return;
    let live = true;
    configureBilling(config.data, { id: userId }).then(
      (configured) => live && setBilling(configured),
      () => live && setMethod("web"),
    );
    return () => {
      live = false;
    };
  }, [config.data, userId]);

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

  const settle = async (reference: string) => {
    try {
      await verifyPayment(reference);
      await refreshUser();
      toast({ title: "Payment Successful!", description: "Welcome to premium! Unlimited chats await." });
    } catch (error) {
      if (isApiError(error) && error.code === "payment_incomplete")
        toast({ title: "Payment Cancelled", description: "Payment was cancelled" });
      else
        toast({
          title: "Verification Failed",
          description: "Payment may have succeeded but verification failed",
          variant: "destructive",
        });
    }
  };

  // The card provider's return lands here: in the payment popup it tells the opener; in the page, verify.
  useEffect(() => {
    const params = new URLSearchParams(search);
    const reference = params.get("reference");
    if (!params.get("payment") || !reference) return;
    if (reportReturnFromPopup()) return;
    navigate("/subscribe", { replace: true });
    void settle(reference);
    // Runs once per return address (settle and navigate are stable enough for that).
  }, [search]);

  const webReady = Boolean(config.data && user);
  const sdkReady = billing !== null;
  const ready = method === "sdk" ? sdkReady : webReady;
  const provider = providerName(config.data?.paymentProvider);

  const subscribe = async () => {
    if (!user || busy || subscribed) return;
    setBusy(true);
    try {
      if (method === "sdk" && billing) {
        const outcome = await purchasePremium(billing, user.email);
        if (outcome.kind === "purchased") {
          toast({ title: "Payment Successful!", description: "Welcome to premium! Unlimited chats await." });
          await refreshUntilPremium();
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

  const premiumLabel = subscribed
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

  return (
    <div className="page">
      <header className="topbar">
        <Link href="/" className="btn btn-ghost btn-sm" aria-label="Back to home">
          ← Back
        </Link>
      </header>
      <main className="content">
        <div className="text-center">
          <h1 className="title title-xl">Choose Your Destiny</h1>
          <p className="muted">7-day free trial, then R99/month. Cancel anytime.</p>
        </div>

        {subscribed ? (
          <div className="premium-active" role="status">
            <Icon name="refresh" />
            <span>
              <strong>Premium Active</strong> — unlimited chats with every companion are yours.
            </span>
          </div>
        ) : null}

        {sdkReady ? (
          <div className="method-toggle" role="radiogroup" aria-label="Payment method">
            {(
              [
                ["sdk", "App Store / Google Play"],
                ["web", "Web Payment"],
              ] as const
            ).map(([value, label]) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={method === value}
                className="method-option"
                onClick={() => setMethod(value)}
              >
                {label}
              </button>
            ))}
          </div>
        ) : null}

        <div className="plans">
          <PlanCard id="plan-free" name="Free" price="R0" features={FREE_FEATURES}>
            <button type="button" className="btn btn-ghost btn-block" disabled>
              Current Plan
            </button>
          </PlanCard>
          <PlanCard id="plan-premium" name="Premium Realm" price="R99" features={PREMIUM_FEATURES} popular>
            <button
              type="button"
              className="btn btn-gold btn-block"
              disabled={subscribed || busy || !ready}
              onClick={() => void subscribe()}
            >
              {premiumLabel}
            </button>
          </PlanCard>
        </div>

        {sdkReady && !subscribed ? (
          <div className="text-center">
            <button type="button" className="btn btn-link" disabled={busy} onClick={() => void restore()}>
              Restore Previous Purchases
            </button>
          </div>
        ) : null}

        <Section id="why-title" title="Why Choose Premium?" titleClassName="section-title text-center">
          <FeatureGrid features={WHY} className="feature-grid feature-grid-3" />
        </Section>
      </main>
    </div>
  );
}
