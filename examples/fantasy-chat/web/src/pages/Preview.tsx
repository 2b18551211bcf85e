import { portraitUrl } from "./featured-characters";
import { FeatureGrid, type Feature } from "../ui/FeatureGrid";
import { Section } from "../ui/Section";
import { Topbar } from "../ui/Topbar";

const FEATURES: Feature[] = [
  {
    icon: "heart",
    title: "Immersive Romance",
    text: "Stories that answer you in character and remember every word.",
  },
  {
    icon: "castle",
    title: "Royal Courts",
    text: "Intrigue, bargains and moonlit balls among the fae nobility.",
  },
  {
    icon: "flame",
    title: "Dragon Wings",
    text: "Ride the storm beside the bravest dragon riders of the realm.",
  },
  {
    icon: "sparkles",
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
      <Topbar>
        <a href="/api/login" className="btn btn-primary btn-sm">
          Try Now
        </a>
      </Topbar>
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

        <Section id="screens-title" title="Screenshots" titleClassName="section-title text-center">
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
        </Section>

        <Section
          id="preview-features"
          title="Features"
          titleClassName="section-title text-center"
          anchor="features"
        >
          <FeatureGrid features={FEATURES} />
        </Section>

        <Section
          id="cast-title"
          title="The Night Court and the Dragon Riders"
          titleClassName="section-title text-center"
        >
          <ul className="portrait-strip">
            {[...NIGHT_COURT, ...DRAGON_RIDERS].map((c) => (
              <li key={c.id} className="portrait-card">
                <img src={portraitUrl(c.id)} alt={`Portrait of ${c.name}`} width={120} height={120} />
                <span className="portrait-name">{c.name}</span>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="mobile-title" title="Designed for Mobile" className="section card text-center">
          <p className="muted">
            Realmheart fits in your hand: a native app shell, one-handed chat and a dark theme made for late
            nights.
          </p>
          <a href="/api/login" className="btn btn-primary btn-lg">
            Start Your Journey
          </a>
        </Section>
      </main>
      <footer className="footer">
        <p>
          <strong>18+ only.</strong> All characters are fictional adults.
        </p>
      </footer>
    </div>
  );
}
