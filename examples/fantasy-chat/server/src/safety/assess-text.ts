import { CRISIS_PHRASES, nguniLanguage, type CrisisFamily, type CrisisLanguage } from "./crisis-language.js";
import { minorSexualContent } from "./minor-content.js";
import { safetyViews } from "./normalise-text.js";

export type { CrisisFamily, CrisisLanguage } from "./crisis-language.js";

/** Why a text was refused: a term naming sexual material involving children, a minor with a sexual word, a model. */
export type RefusalReason = "always-refused" | "minor-sexual" | "model:sexual/minors";

/**
 * What the safety assessment decided about a user's text, before anything else reads it:
 * - `ok`: role-play as usual;
 * - `crisis`: a risk to the writer's own life or body: answered with the crisis reply (in `language`), free, never
 *   remembered, titled, quoted back or put in a prompt;
 * - `refused`: sexual content involving minors: never stored or answered (400 `content_policy`).
 */
export type SafetyAssessment =
  | { verdict: "ok" }
  | { verdict: "crisis"; language: CrisisLanguage; reasons: readonly (CrisisFamily | "model:self-harm")[] }
  | { verdict: "refused"; reasons: readonly RefusalReason[] };

const OK: SafetyAssessment = Object.freeze({ verdict: "ok" });

/** The crisis phrase families a view holds, the first one's language first; empty when none. */
function crisisIn(views: readonly string[]): { language: CrisisLanguage; families: CrisisFamily[] } | null {
  let language: CrisisLanguage | null = null;
  const families = new Set<CrisisFamily>();
  for (const view of views)
    for (const { family, language: spoken, pattern, unless } of CRISIS_PHRASES) {
      if (families.has(family) && language !== null) continue;
      if (!pattern.test(view) || unless?.test(view)) continue;
      language ??= spoken === "zu" || spoken === "xh" ? nguniLanguage(view) : spoken;
      families.add(family);
    }
  return language === null ? null : { language, families: [...families] };
}

/**
 * Assesses a user's text (a message, an edit, a chat title, a profile field, an imported card's field): pure, no
 * I/O, the same answer for the same text. The text is read in its safety views (look-alike letters, invisible and
 * blank characters, leetspeak and separators undone: see {@link safetyViews}), then matched against phrase
 * families, never single words: crisis language in English, Afrikaans, isiZulu, isiXhosa, Spanish, Portuguese,
 * French and German (see crisis-language.ts), and sexual content involving minors (see minor-content.ts). A
 * crisis outranks a refusal: the crisis reply holds nothing a refusal protects against, and a user disclosing
 * abuse in distress must be answered.
 *
 * @example
 * assessText("i want to kill myself"); // { verdict: "crisis", language: "en", reasons: ["direct"] }
 * assessText("she is 15, undress her"); // { verdict: "refused", reasons: ["minor-sexual"] }
 */
export function assessText(text: string): SafetyAssessment {
  const views = safetyViews(text);
  const crisis = crisisIn(views);
  if (crisis) return { verdict: "crisis", language: crisis.language, reasons: crisis.families };
  for (const view of views) {
    const refusal = minorSexualContent(view);
    if (refusal) return { verdict: "refused", reasons: [refusal] };
  }
  return OK;
}

/**
 * Whether a text would be refused as sexual content involving minors: the refusal half of {@link assessText}, for
 * the persona engine's own compositions (the voices' lines are assessed by their tests, crisis messages never reach
 * the facts a composition says back, but a fact or a name beside a romance line could make a refusal).
 *
 * @example
 * wouldBeRefused("you are 15 years old. Hold me naked by the fire."); // true
 */
export function wouldBeRefused(text: string): boolean {
  return safetyViews(text).some((view) => minorSexualContent(view) !== null);
}

/**
 * Assesses a remembered fact, stored in the second person ("you want to kill yourself"), as the user said it
 * ("I want to kill myself"): for the migration that removes facts taken from crisis messages before they were
 * assessed.
 *
 * @example
 * assessFact("you want to end your life").verdict; // "crisis"
 */
export function assessFact(fact: string): SafetyAssessment {
  const firstPerson = fact
    .replace(/\byourself\b/gi, "myself")
    .replace(/\byou are\b/gi, "I am")
    .replace(/\byou're\b/gi, "I'm")
    .replace(/\byour\b/gi, "my")
    .replace(/\byou\b/gi, "I");
  return assessText(firstPerson);
}
