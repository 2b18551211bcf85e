import { Icon, type IconName } from "./Icon";

/** One selling point: an icon, a title and a sentence. */
export interface Feature {
  icon: IconName;
  title: string;
  text: string;
}

/**
 * Selling points as a grid of cards.
 *
 * @example
 * <FeatureGrid features={[{ icon: "heart", title: "Romance", text: "Stories that remember you." }]} />
 */
export function FeatureGrid({
  features,
  className = "feature-grid",
}: {
  features: Feature[];
  className?: string;
}) {
  return (
    <div className={className}>
      {features.map((f) => (
        <article key={f.title} className="card feature-card">
          <div className="feature-icon">
            <Icon name={f.icon} size={28} />
          </div>
          <h3>{f.title}</h3>
          <p className="muted">{f.text}</p>
        </article>
      ))}
    </div>
  );
}
