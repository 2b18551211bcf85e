import { Link, useSearch } from "wouter";
import { returnPath } from "../api/navigation";
import { Icon } from "../ui/Icon";
import { FeatureGrid, type Feature } from "../ui/FeatureGrid";
import { Section } from "../ui/Section";
import { PlanCard } from "./PlanCard";
import { useSubscribe, type Method } from "./use-subscribe";

const FREE_FEATURES = ["3 free messages per day", "Access to every free character", "Basic chat features"];
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

/**
 * Until the SDK is configured, what it adds takes its room unseen (hidden from everyone, screen readers and the
 * keyboard included), so the plans are not pushed down when it appears.
 */
const UNSEEN = { visibility: "hidden" } as const;

/** The payment-method toggle, shown once the SDK is configured; `unseen` keeps its room before that. */
function MethodToggle({
  method,
  onChange,
  unseen,
}: {
  method: Method;
  onChange: (method: Method) => void;
  unseen: boolean;
}) {
  return (
    <div
      className="method-toggle"
      role="radiogroup"
      aria-label="Payment method"
      style={unseen ? UNSEEN : undefined}
    >
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
          disabled={unseen}
          onClick={() => onChange(value)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** The upgrade screen (`/subscribe`): payment method, plans, Premium Active, restore. */
export default function Subscribe() {
  const {
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
  } = useSubscribe();
  // Reached from a chat's paywall: Back, and the way on once premium, lead to that conversation.
  const back = returnPath(useSearch());
  return (
    <div className="page">
      <header className="topbar">
        <Link
          href={back ?? "/"}
          className="btn btn-ghost btn-sm"
          aria-label={back ? "Back to your conversation" : "Back to home"}
        >
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
            {back ? (
              <Link href={back} className="btn btn-gold btn-sm">
                Continue your conversation
              </Link>
            ) : null}
          </div>
        ) : null}

        {sdkReady || sdkPending ? (
          <MethodToggle method={method} onChange={setMethod} unseen={!sdkReady} />
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

        {(sdkReady || sdkPending) && !subscribed ? (
          <div className="text-center" style={sdkReady ? undefined : UNSEEN}>
            <button
              type="button"
              className="btn btn-link"
              disabled={busy || !sdkReady}
              onClick={() => void restore()}
            >
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
