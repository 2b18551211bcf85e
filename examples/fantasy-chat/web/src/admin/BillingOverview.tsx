import { useQuery } from "@tanstack/react-query";
import { ADMIN_BILLING_KEY } from "../api/keys";
import type { AdminBilling } from "../api/types";
import { formatMoney } from "../subscription/billing-format";
import { Section } from "../ui/Section";
import { Spinner } from "../ui/Spinner";
import { ActivityChart } from "./ActivityChart";

/** The conversion as "2 of 3 (67%)", or "No trials ended yet". */
function conversionLabel(conversion: AdminBilling["trialConversion"]): string {
  if (conversion.rate === null) return "No trials ended yet";
  return `${conversion.converted} of ${conversion.ended} (${Math.round(conversion.rate * 100)}%)`;
}

/** The dashboard's billing section: MRR, subscription counts, trial conversion, churn and the 30-day chart. */
export function BillingOverview() {
  const billing = useQuery<AdminBilling>({ queryKey: ADMIN_BILLING_KEY });
  if (!billing.data) return billing.isLoading ? <Spinner label="Loading billing" /> : null;
  const b = billing.data;
  const figures: [string, string][] = [
    ["Monthly recurring revenue", formatMoney(b.mrr, b.currency)],
    ["Active", String(b.active)],
    ["Trialing", String(b.trialing)],
    ["Cancelling", String(b.cancelling)],
    ["Past due", String(b.pastDue)],
    ["Trial → paid", conversionLabel(b.trialConversion)],
    [
      "Churn (30 days)",
      b.churn.rate === null ? "None" : `${b.churn.ended} (${Math.round(b.churn.rate * 100)}%)`,
    ],
  ];
  return (
    <Section id="billing-title" title="Billing" className="card section">
      <ul className="stats-grid" aria-label="Billing figures">
        {figures.map(([label, value]) => (
          <li key={label} className="stat-card">
            <span className="stat-label">{label}</span>
            <span className="stat-value">{value}</span>
          </li>
        ))}
      </ul>
      <ActivityChart billing={b} />
    </Section>
  );
}
