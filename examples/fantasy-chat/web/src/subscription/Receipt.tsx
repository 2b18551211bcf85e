import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "wouter";
import { localDate } from "../api/format";
import { SUBSCRIPTION_KEY } from "../api/keys";
import type { SubscriptionInfo } from "../api/types";
import { useAuth } from "../auth/use-auth";
import { PRODUCT_NAME } from "../ui/Brand";
import { Spinner } from "../ui/Spinner";
import { formatMoney, paymentDescription, paymentStatusLabel } from "./billing-format";

/** A printable receipt for one payment (`/subscription/receipts/:reference`). */
export default function Receipt() {
  const { reference = "" } = useParams<{ reference: string }>();
  const { user } = useAuth();
  const info = useQuery<SubscriptionInfo>({ queryKey: SUBSCRIPTION_KEY });
  const payment = info.data?.history.find((p) => p.reference === decodeURIComponent(reference));
  return (
    <main className="content content-narrow receipt">
      <div className="no-print">
        <Link href="/subscription" className="btn btn-ghost btn-sm">
          ← Back
        </Link>
      </div>
      {info.isLoading ? <Spinner label="Loading your receipt..." /> : null}
      {!info.isLoading && !payment ? <p role="alert">No payment with this reference was found.</p> : null}
      {payment ? (
        <article className="card stack" aria-labelledby="receipt-title">
          <p className="brand">{PRODUCT_NAME}</p>
          <h1 id="receipt-title" className="title">
            Receipt
          </h1>
          <dl className="facts">
            {[
              ["Reference", payment.reference],
              ["Date", localDate(payment.settledAt ?? payment.createdAt)],
              [
                "Billed to",
                user ? `${user.firstName ?? ""} ${user.lastName ?? ""} (${user.email})`.trim() : "",
              ],
              ["Description", paymentDescription(payment)],
              ["Amount", formatMoney(payment.amount, payment.currency)],
              ["Status", paymentStatusLabel(payment.status)],
              ...(payment.refundedAt ? [["Refunded on", localDate(payment.refundedAt)]] : []),
            ].map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <button type="button" className="btn btn-gold no-print" onClick={() => window.print()}>
            Print receipt
          </button>
        </article>
      ) : null}
    </main>
  );
}
