import { Link } from "wouter";
import { useAuth } from "../auth/use-auth";

/**
 * "Your payment didn't go through — update your card", on every screen while a declined renewal's grace period
 * runs (the user's `billingIssue`), linking to the Subscription screen.
 */
export function BillingIssueBanner() {
  const { user } = useAuth();
  if (!user?.billingIssue) return null;
  return (
    <p className="billing-issue" role="alert">
      Your payment didn't go through — <Link href="/subscription">update your card</Link>
    </p>
  );
}
