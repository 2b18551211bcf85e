import { Link } from "wouter";
import { Brand } from "../ui/Brand";
import { FEATURED_CHARACTERS, portraitUrl } from "./featured-characters";
import { Icon } from "../ui/Icon";

const FEATURES = [
  {
    icon: "users" as const,
    title: "Diverse Characters",
    text: "Over 12 companions: fae lords, shadow warriors, generals and dragon riders, each with a story.",
  },
  {
    icon: "heart" as const,
    title: "AI-Powered Romance",
    text: "Conversations that answer in character, remember what you said and grow with every chapter.",
  },
  {
    icon: "shield" as const,
    title: "Safe & Private",
    text: "Your chats are yours alone. Adults only, with content rules that keep the realm safe.",
  },
  {
    icon: "crown" as const,
    title: "Premium Experience",
    text: "Unlimited messages, an advanced memory of your story and exclusive premium characters.",
  },
];

/**
 * What visitors (and users whose session is still loading) see at `/` and at the signed-in-only routes.
 *
 * @example
 * <Route path="/" component={Landing} />
 */
export default function Landing() {
  return (
    <div className="landing">
      <header className="topbar">
        <Brand />
        <a href="/api/login" className="btn btn-ghost btn-sm">
          Login
        </a>
      </header>
      <main>
        <section className="hero">
          <p className="eyebrow">Fantasy romance · 18+</p>
          <h1 className="hero-title">Fall for a legend of the realm</h1>
          <p className="hero-text">
            Court nobility, dragon riders and shadow-sworn warriors are waiting to meet you. Every
            conversation is a story only the two of you share.
          </p>
          <div className="hero-actions">
            <a href="/api/login" className="btn btn-primary btn-lg">
              Begin Your Journey
            </a>
            <a href="/api/login" className="btn btn-gold btn-lg">
              Start 7-Day Free Trial
            </a>
            <Link href="/preview" className="btn btn-ghost btn-lg">
              App Preview
            </Link>
          </div>
          <p className="fine-print">7 days free, then R99/month. Cancel anytime.</p>
        </section>

        <section className="section" aria-labelledby="featured-title">
          <h2 id="featured-title" className="section-title">
            Meet your companions
          </h2>
          <ul className="portrait-strip">
            {FEATURED_CHARACTERS.map((c) => (
              <li key={c.id} className="portrait-card">
                <img src={portraitUrl(c.id)} alt={`Portrait of ${c.name}`} width={120} height={120} />
                <span className="portrait-name">{c.name}</span>
                <span className="portrait-title">{c.title}</span>
              </li>
            ))}
          </ul>
        </section>

        <section className="section" aria-labelledby="features-title">
          <h2 id="features-title" className="section-title">
            Why Realmheart
          </h2>
          <div className="feature-grid">
            {FEATURES.map((f) => (
              <article key={f.title} className="card feature-card">
                <div className="feature-icon">
                  <Icon name={f.icon} size={28} />
                </div>
                <h3>{f.title}</h3>
                <p className="muted">{f.text}</p>
              </article>
            ))}
          </div>
        </section>
      </main>
      <footer className="footer">
        <p>
          <strong>18+ only.</strong> Realmheart is for adults aged 18 and over. All characters are fictional
          adults.
        </p>
      </footer>
    </div>
  );
}
