import { Link } from "wouter";
import { localDate } from "../api/format";
import type { PaymentRecord } from "../api/types";
import { Section } from "../ui/Section";
import { formatMoney, paymentDescription, paymentStatusLabel } from "./billing-format";

/**
 * The payments that moved money (paid, or paid and refunded), newest first, each with its receipt. Attempts that
 * took nothing — a payment window closed, a declined card, one still pending — are not payments to the customer
 * and get no line or receipt (a declined renewal is told by the billing-issue banner instead).
 */
export function BillingHistory({ history: all }: { history: PaymentRecord[] }) {
  const history = all.filter((payment) => payment.status === "success" || payment.status === "refunded");
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
