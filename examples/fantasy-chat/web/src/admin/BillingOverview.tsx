import { useQuery } from "@tanstack/react-query";
import { ADMIN_BILLING_KEY } from "../api/keys";
import type { AdminBilling } from "../api/types";
import { formatMoney } from "../subscription/billing-format";
import { Section } from "../ui/Section";
import { ActivityChart, ActivityChartPlaceholder } from "./ActivityChart";

/** The conversion as "2 of 3 (67%)", or "No trials ended yet". */
function conversionLabel(conversion: AdminBilling["trialConversion"]): string {
  if (conversion.rate === null) return "No trials ended yet";
  return `${conversion.converted} of ${conversion.ended} (${Math.round(conversion.rate * 100)}%)`;
}

/** A line's height of nothing: what the placeholder shows in place of each text. */
const BLANK = "\u00a0";

/** The figures the section shows, each with how it is read from the billing answer. */
const FIGURES: [label: string, value: (b: AdminBilling) => string][] = [
  ["Monthly recurring revenue", (b) => formatMoney(b.mrr, b.currency)],
  ["Active", (b) => String(b.active)],
  // Trials with a card saved (billed at their end); the statistics' "Trial Users" also counts those without one.
  ["Trials with a card", (b) => String(b.trialing)],
  ["Cancelling", (b) => String(b.cancelling)],
  ["Past due", (b) => String(b.pastDue)],
  ["Trial → paid", (b) => conversionLabel(b.trialConversion)],
  [
    "Churn (30 days)",
    (b) => (b.churn.rate === null ? "None" : `${b.churn.ended} (${Math.round(b.churn.rate * 100)}%)`),
  ],
];

/**
 * The section's frame while the figures load: the same card, heading line, figure cards and chart box, blank and
 * hidden from assistive technology (which hears a status), so that nothing below moves when the figures arrive.
 */
function BillingPlaceholder() {
  return (
    <>
      <p className="sr-only" role="status">
        Loading billing
      </p>
      <section className="card section" aria-hidden="true">
        <h2 className="section-title">{BLANK}</h2>
        <ul className="stats-grid">
          {FIGURES.map(([label]) => (
            <li key={label} className="stat-card">
              <span className="stat-label">{BLANK}</span>
              <span className="stat-value">{BLANK}</span>
            </li>
          ))}
        </ul>
        <ActivityChartPlaceholder />
      </section>
    </>
  );
}

/** The dashboard's billing section: MRR, subscription counts, trial conversion, churn and the 30-day chart. */
export function BillingOverview() {
  const billing = useQuery<AdminBilling>({ queryKey: ADMIN_BILLING_KEY });
  if (!billing.data) return billing.isLoading ? <BillingPlaceholder /> : null;
  const b = billing.data;
  return (
    <Section id="billing-title" title="Billing" className="card section">
      <ul className="stats-grid" aria-label="Billing figures">
        {FIGURES.map(([label, value]) => (
          <li key={label} className="stat-card">
            <span className="stat-label">{label}</span>
            <span className="stat-value">{value(b)}</span>
          </li>
        ))}
      </ul>
      <ActivityChart billing={b} />
    </Section>
  );
}
