import { useState } from "react";
import { localDate } from "../api/format";
import type { SubscriptionInfo } from "../api/types";
import { BackPage } from "../ui/BackPage";
import { Section } from "../ui/Section";
import { Spinner } from "../ui/Spinner";
import { BillingHistory } from "./BillingHistory";
import { cardLabel, formatMoney, subscriptionHeadline } from "./billing-format";
import { CancelDialog } from "./CancelDialog";
import { useSubscription } from "./use-subscription";

/** The Subscription screen (`/subscription`): status, next charge, card, cancel/resume and the billing history. */
export default function Subscription() {
  const { info, cancel, resume, updateCard } = useSubscription();
  const [confirming, setConfirming] = useState(false);
  if (info.isLoading || !info.data) {
    return (
      <BackPage narrow>
        <h1 className="title">Subscription</h1>
        <Spinner label="Loading your subscription..." />
      </BackPage>
    );
  }
  const data = info.data;
  const busy = cancel.isPending || resume.isPending || updateCard.isPending;
  return (
    <BackPage narrow>
      <h1 className="title">Subscription</h1>
      <Section id="plan-title" title={subscriptionHeadline(data)} className="card stack">
        <PlanFacts info={data} />
        {data.source === "store" ? (
          <a className="btn btn-outline" href={data.managementUrl}>
            Manage subscription
          </a>
        ) : null}
        {data.source === "card" && !data.cancelAtPeriodEnd ? (
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Cancel subscription
          </button>
        ) : null}
        {data.source === "card" && data.cancelAtPeriodEnd ? (
          <button type="button" className="btn btn-gold" disabled={busy} onClick={() => resume.mutate()}>
            Resume subscription
          </button>
        ) : null}
        {data.source === null ? (
          <a className="btn btn-gold" href="/subscribe">
            Upgrade to Premium
          </a>
        ) : null}
      </Section>
      {data.source === "card" ? (
        <Section id="card-title" title="Payment method" className="card stack">
          <p>{data.paymentMethod ? cardLabel(data.paymentMethod) : "Card details are not available"}</p>
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={() => updateCard.mutate()}
          >
            {updateCard.isPending ? "Waiting for your card provider..." : "Update card"}
          </button>
        </Section>
      ) : null}
      <BillingHistory history={data.history} />
      {confirming ? (
        <CancelDialog
          info={data}
          busy={cancel.isPending}
          onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </BackPage>
  );
}

/** What the customer pays, until when, and what happens next. */
function PlanFacts({ info }: { info: SubscriptionInfo }) {
  const end = localDate(info.periodEnd);
  return (
    <dl className="facts">
      {info.plan ? (
        <div>
          <dt>Plan</dt>
          <dd>
            {info.plan.name}, {formatMoney(info.plan.amount, info.plan.currency)} a {info.plan.interval}
          </dd>
        </div>
      ) : null}
      {info.billingIssue ? (
        <div>
          <dt>Payment</dt>
          <dd>Your payment didn't go through. Premium stays on until {localDate(info.graceEndsAt)}.</dd>
        </div>
      ) : null}
      {info.periodEnd && info.cancelAtPeriodEnd ? (
        <div>
          <dt>Access ends</dt>
          <dd>{end}. You won't be charged again.</dd>
        </div>
      ) : null}
      {info.nextCharge ? (
        <div>
          <dt>Next charge</dt>
          <dd>
            {formatMoney(info.nextCharge.amount, info.nextCharge.currency)} on{" "}
            {localDate(info.nextCharge.date)}
          </dd>
        </div>
      ) : null}
      {info.source === "store" && info.periodEnd ? (
        <div>
          <dt>Renews or ends</dt>
          <dd>{end}</dd>
        </div>
      ) : null}
    </dl>
  );
}
