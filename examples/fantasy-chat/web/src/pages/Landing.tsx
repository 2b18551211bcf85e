import { Link } from "wouter";
import { FEATURED_CHARACTERS, portraitUrl } from "./featured-characters";
import { FeatureGrid, type Feature } from "../ui/FeatureGrid";
import { Section } from "../ui/Section";
import { Topbar } from "../ui/Topbar";

const FEATURES: Feature[] = [
  {
    icon: "users",
    title: "Diverse Characters",
    text: "Over 12 companions: fae lords, shadow warriors, generals and dragon riders, each with a story.",
  },
  {
    icon: "heart",
    title: "AI-Powered Romance",
    text: "Conversations that answer in character, remember what you said and grow with every chapter.",
  },
  {
    icon: "shield",
    title: "Safe & Private",
    text: "Your chats are yours alone. Adults only, with content rules that keep the realm safe.",
  },
  {
    icon: "crown",
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
      <Topbar link={{ href: "/api/login", label: "Login" }} />
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

        <Section id="featured-title" title="Meet your companions">
          <ul className="portrait-strip">
            {FEATURED_CHARACTERS.map((c) => (
              <li key={c.id} className="portrait-card">
                <img src={portraitUrl(c.id)} alt={`Portrait of ${c.name}`} width={120} height={120} />
                <span className="portrait-name">{c.name}</span>
                <span className="portrait-title">{c.title}</span>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="features-title" title="Why Realmheart">
          <FeatureGrid features={FEATURES} />
        </Section>
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
