import { Brand } from "../ui/Brand";
import { portraitUrl } from "./featured-characters";
import { Icon } from "../ui/Icon";

const FEATURES = [
  {
    icon: "heart" as const,
    title: "Immersive Romance",
    text: "Stories that answer you in character and remember every word.",
  },
  {
    icon: "castle" as const,
    title: "Royal Courts",
    text: "Intrigue, bargains and moonlit balls among the fae nobility.",
  },
  {
    icon: "flame" as const,
    title: "Dragon Wings",
    text: "Ride the storm beside the bravest dragon riders of the realm.",
  },
  {
    icon: "sparkles" as const,
    title: "Advanced AI",
    text: "Replies that stream as they are written, shaped by your profile.",
  },
];

const NIGHT_COURT = [
  { id: "kaelen-nightthorn", name: "Kaelen Nightthorn" },
  { id: "morwen-duskveil", name: "Morwen Duskveil" },
  { id: "veyr-thornecrown", name: "Veyr Thornecrown" },
];
const DRAGON_RIDERS = [
  { id: "aeron-stormwing", name: "Aeron Stormwing" },
  { id: "caelum-brightscale", name: "Caelum Brightscale" },
  { id: "tamsin-goldwing", name: "Tamsin Goldwing" },
];

const SCREENS = [
  { title: "Choose your companion", lines: ["Kaelen Nightthorn", "Aeron Stormwing", "Rowan Blackwood"] },
  { title: "Chat in real time", lines: ["“You came back to the court…”", "“I never left.”"] },
  { title: "Shape your story", lines: ["Preferred name", "Backstory", "Personality traits"] },
];

/** The App Preview marketing screen (`/preview`), open to everyone. */
export default function Preview() {
  return (
    <div className="landing">
      <header className="topbar">
        <Brand />
        <a href="/api/login" className="btn btn-primary btn-sm">
          Try Now
        </a>
      </header>
      <main>
        <section className="hero">
          <p className="eyebrow">App Preview</p>
          <h1 className="hero-title">A romance written with you, in a realm of legends</h1>
          <p className="hero-text">See what waits inside Realmheart before you begin.</p>
          <div className="hero-actions">
            <a href="/api/login" className="btn btn-gold btn-lg">
              Start Your Adventure
            </a>
            <a href="#features" className="btn btn-ghost btn-lg">
              Learn More
            </a>
          </div>
        </section>

        <section className="section" aria-labelledby="screens-title">
          <h2 id="screens-title" className="section-title text-center">
            Screenshots
          </h2>
          <ul className="phone-row">
            {SCREENS.map((s) => (
              <li key={s.title} className="phone" aria-label={`Screenshot: ${s.title}`}>
                <span className="phone-notch" aria-hidden="true" />
                <span className="phone-title">{s.title}</span>
                {s.lines.map((line) => (
                  <span key={line} className="phone-line">
                    {line}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </section>

        <section id="features" className="section" aria-labelledby="preview-features">
          <h2 id="preview-features" className="section-title text-center">
            Features
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

        <section className="section" aria-labelledby="cast-title">
          <h2 id="cast-title" className="section-title text-center">
            The Night Court and the Dragon Riders
          </h2>
          <ul className="portrait-strip">
            {[...NIGHT_COURT, ...DRAGON_RIDERS].map((c) => (
              <li key={c.id} className="portrait-card">
                <img src={portraitUrl(c.id)} alt={`Portrait of ${c.name}`} width={120} height={120} />
                <span className="portrait-name">{c.name}</span>
              </li>
            ))}
          </ul>
        </section>

        <section className="section card text-center" aria-labelledby="mobile-title">
          <h2 id="mobile-title" className="section-title">
            Designed for Mobile
          </h2>
          <p className="muted">
            Realmheart fits in your hand: a native app shell, one-handed chat and a dark theme made for late
            nights.
          </p>
          <a href="/api/login" className="btn btn-primary btn-lg">
            Start Your Journey
          </a>
        </section>
      </main>
      <footer className="footer">
        <p>
          <strong>18+ only.</strong> All characters are fictional adults.
        </p>
      </footer>
    </div>
  );
}
