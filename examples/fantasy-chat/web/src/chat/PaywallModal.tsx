import { Link } from "wouter";
import { Dialog } from "../ui/Dialog";

const REASONS: Record<string, string> = {
  quota_exhausted: "You have used today's free messages.",
  trial_expired: "Your free trial has ended.",
  premium_character: "This companion is exclusive to Premium Realm.",
};

/**
 * Opens when a send is refused because a subscription is required: 'Upgrade to Premium' goes to /subscribe (with
 * the chat to come back to, whose typed message is kept), 'Maybe Later' closes it.
 *
 * @example
 * {paywall ? <PaywallModal code={paywall.code} onClose={() => setPaywall(null)} /> : null}
 */
export function PaywallModal({
  code,
  returnTo = null,
  onClose,
}: {
  code: string | null;
  returnTo?: string | null;
  onClose: () => void;
}) {
  const reason = (code && REASONS[code]) || "A subscription is required to keep chatting.";
  return (
    <Dialog
      title="Continue Your Story"
      description={`${reason} Premium Realm gives you unlimited messages, exclusive characters and an advanced memory for R99/month.`}
      onClose={onClose}
    >
      <div className="stack">
        <Link
          href={returnTo ? `/subscribe?return=${encodeURIComponent(returnTo)}` : "/subscribe"}
          className="btn btn-gold btn-block"
        >
          Upgrade to Premium
        </Link>
        <button type="button" className="btn btn-ghost btn-block" onClick={onClose}>
          Maybe Later
        </button>
      </div>
    </Dialog>
  );
}
