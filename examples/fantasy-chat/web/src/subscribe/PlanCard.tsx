import type { ReactNode } from "react";

/**
 * One plan on the upgrade screen: its name, monthly price and features, then its button (`children`).
 *
 * @example
 * <PlanCard id="plan-free" name="Free" price="R0" features={["5 messages"]}><button>Current Plan</button></PlanCard>
 */
export function PlanCard({
  id,
  name,
  price,
  features,
  popular = false,
  children,
}: {
  /** The name's id, which names the card. */
  id: string;
  name: string;
  price: string;
  features: string[];
  /** Highlights the plan with a "MOST POPULAR" badge. */
  popular?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={popular ? "card plan plan-premium" : "card plan"} aria-labelledby={id}>
      {popular ? <span className="badge badge-gold plan-badge">MOST POPULAR</span> : null}
      <h2 id={id} className="plan-name">
        {name}
      </h2>
      <p className="plan-price">
        {price}
        <span className="plan-period">/month</span>
      </p>
      <ul className="checklist">
        {features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {children}
    </section>
  );
}
