import { Link } from "wouter";
import { localDate } from "../api/format";
import type { PaymentRecord } from "../api/types";
import { Section } from "../ui/Section";
import { formatMoney, paymentDescription, paymentStatusLabel } from "./billing-format";

/** Every payment, newest first, each with its receipt. */
export function BillingHistory({ history }: { history: PaymentRecord[] }) {
  return (
    <Section id="history-title" title="Billing history" className="card stack">
      {history.length === 0 ? (
        <p className="muted">No payments yet.</p>
      ) : (
        <ul className="list billing-history">
          {history.map((payment) => (
            <li key={payment.reference} className="billing-row">
              <span>
                <span className="billing-what">{paymentDescription(payment)}</span>
                <span className="muted"> · {localDate(payment.createdAt)}</span>
              </span>
              <span>
                {formatMoney(payment.amount, payment.currency)} · {paymentStatusLabel(payment.status)}
              </span>
              <Link
                href={`/subscription/receipts/${encodeURIComponent(payment.reference)}`}
                className="link-gold"
                aria-label={`Receipt for ${paymentDescription(payment)} on ${localDate(payment.createdAt)}`}
              >
                Receipt
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
