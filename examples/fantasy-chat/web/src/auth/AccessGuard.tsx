import { useEffect, useState, type ReactNode } from "react";
import { Link, Redirect } from "wouter";
import { ScreenSpinner } from "../ui/Spinner";
import { guardDecision } from "./access";
import { AgeGate } from "./AgeGate";
import { useAuth } from "./use-auth";
import { Icon } from "../ui/Icon";

/** The current time, read once a minute so the guard notices a trial ending while the page is open. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Wraps home, characters, chat and profile: a spinner while the user loads, a redirect when signed out or the
 * trial has no payment method yet, the age gate, the 'Trial Expired' card, and the trial banner.
 *
 * @example
 * <AccessGuard><Home /></AccessGuard>
 */
export function AccessGuard({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const decision = guardDecision({ user, isLoading }, useNow());
  switch (decision.kind) {
    case "loading":
      return <ScreenSpinner />;
    case "redirect":
      return <Redirect to={decision.to} replace />;
    case "age-gate":
      return <AgeGate />;
    case "expired":
      return <TrialExpired />;
    case "allow":
      return (
        <>
          {decision.trialDaysLeft > 0 ? <TrialBanner days={decision.trialDaysLeft} /> : null}
          {children}
        </>
      );
  }
}

/** '{n} day(s) left in your free trial', singular when 1. */
export function trialBannerText(days: number): string {
  return `${days} ${days === 1 ? "day" : "days"} left in your free trial`;
}

function TrialBanner({ days }: { days: number }) {
  return (
    <aside className="trial-banner" aria-label="Free trial">
      <span>{trialBannerText(days)}</span>
      <Link href="/subscribe" className="trial-banner-link">
        Subscribe Now
      </Link>
    </aside>
  );
}

function TrialExpired() {
  return (
    <main className="screen-center">
      <section className="card card-narrow text-center">
        <div className="big-icon">
          <Icon name="hourglass" size={44} />
        </div>
        <h1 className="title">Trial Expired</h1>
        <p className="muted">
          Your 7-day free trial has ended. Subscribe to keep chatting with your companions.
        </p>
        <Link href="/subscribe" className="btn btn-primary btn-block">
          Subscribe for R99/month
        </Link>
        <p className="fine-print">Cancel anytime • Access all characters • Premium features</p>
        <a href="/api/logout" className="link-muted">
          Log out
        </a>
      </section>
    </main>
  );
}
