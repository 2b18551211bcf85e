import type { FactKind } from "./fact-kind.js";
import { isTrade } from "./trades.js";

/**
 * The ordinary ways people introduce themselves that the plainer statements of `remembered-facts.ts` miss: "I'm
 * Thandi, a healer from Cape Town", "travelled from Soweto", "I'm into jazz", "I have two kids". Each clause is read
 * into the first-person form the memory stores ("I am from Soweto", "I love jazz"), so the kinds read back the same.
 */

type Statement = [FactKind, string];

// Capitalised words after "I'm" that are not names: "I'm Sorry", "I'm English".
const NOT_NAMES = new Set(
  (
    "sorry fine okay ok good great well back here home alone afraid scared tired sure glad happy sad " +
    "english african american british scottish irish welsh french german dutch indian australian new just " +
    "so very really not still only also always never almost married single free lost done ready"
  ).split(" "),
);

const PLACE_NOUNS =
  /^(?:a|an|the) (?:[a-z-]+ ){0,3}(?:town|village|city|coast|farm|island|isle|valley|hills?|mountains?|north|south|east|west|countryside|country|kingdom|realm|port|harbour|harbor|township|suburb|province|desert|forest|lake|river|sea|bay)\b/i;

/** Whether a phrase names a place: a proper name ("Cape Town"), or a place noun ("a small fishing village"). */
function isPlace(phrase: string): boolean {
  return /^[A-Z]/.test(phrase) || PLACE_NOUNS.test(phrase);
}

/** A place without what is said after it: "Soweto to see you" → "Soweto". */
const placeOnly = (phrase: string) =>
  phrase
    .replace(/,.*$/, "")
    .replace(/\s+(?:to|for|because|so|just|and|with|when|after|this|last|yesterday|today|tonight)\b.*$/i, "");

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? "an" : "a");

/** "a healer from Cape Town", "an engineer in Durban": the job, and the origin when one is named. */
function tradeWithPlace(noun: string, rest: string): Statement[] | null {
  const trade = noun.toLowerCase();
  if (!isTrade(trade)) return null;
  const from = rest.match(/^from (.+)$/i);
  const where = from ? "" : rest ? ` ${placeOnly(rest)}` : "";
  const facts: Statement[] = [["job", `I work as ${article(trade)} ${trade}${where}`]];
  if (from?.[1]) facts.push(["place", `I am from ${placeOnly(from[1])}`]);
  return facts;
}

const TRADE_AND_REST =
  /^(?:an?) ((?:[a-z-]+ )?[a-z-]+?)(?: by (?:trade|profession))?(?:\s+((?:from|in|at|on|for)\b.*))?$/i;

/** "Thandi, a healer from Cape Town" after a name: what follows it, read as a job, an origin or nothing. */
function afterName(rest: string): Statement[] {
  if (rest === "") return [];
  const trade = rest.match(TRADE_AND_REST);
  if (trade) return tradeWithPlace(trade[1] ?? "", trade[2] ?? "") ?? [];
  const from = rest.match(/^from (.+)$/i);
  return from?.[1] && isPlace(from[1]) ? [["place", `I am from ${placeOnly(from[1])}`]] : [];
}

/** A name given with "I'm", "the name's" or "this is": "I'm Thandi, a healer from Cape Town". */
function nameOf(c: string): Statement[] | null {
  const m = c.match(/^(?:i'm|i am|the name's|name's|this is)\s+([A-Za-z][a-z'-]+)(?:,\s*|\s+|$)(.*)$/i);
  const name = m?.[1] ?? "";
  if (!m || !/^[A-Z]/.test(name) || NOT_NAMES.has(name.toLowerCase())) return null;
  const rest = (m[2] ?? "").replace(/^(?:and|but)\s+/i, "").trim();
  return [["name", `my name is ${name}`], ...afterName(rest)];
}

/** Where they come from: "travelled from Soweto", "I hail from Durban", "born and raised in Durban". */
function originOf(c: string): Statement[] | null {
  let m = c.match(
    /^(?:i(?:'ve| have)? )?(?:just |recently )?(travell?ed|journeyed|came|come|moved|hail|flew|sailed|rode|drove)(?: (?:all the way|here|over|up|down|in|across))* from (.+)$/i,
  );
  const place = placeOnly(m?.[2] ?? "");
  if (m && isPlace(place)) {
    const verb = (m[1] ?? "").toLowerCase();
    if (/^travel|^journey|^flew|^sailed|^rode|^drove/.test(verb))
      return [["place", `I travelled from ${place}`]];
    if (verb === "moved") return [["place", `I moved here from ${place}`]];
    return [["place", `I am from ${place}`]];
  }
  if ((m = c.match(/^(?:i'm |i am )?originally from (.+)$/i)))
    return [["place", `I am from ${placeOnly(m[1] ?? "")}`]];
  if ((m = c.match(/^(?:i was )?born and (?:raised|bred) in (.+)$/i)))
    return [["place", `I was born and raised in ${m[1]}`]];
  if ((m = c.match(/^(?:i'm|i am) (?:based|living|settled) in (.+)$/i)))
    return [["place", `I live in ${m[1]}`]];
  return null;
}

/** What they do: "just a healer from Cape Town", "I'm training to be a nurse", "I fix cars for a living". */
function jobOf(c: string): Statement[] | null {
  let m = c.match(/^(?:just |only |simply )?(an? .+)$/i);
  const bare = m?.[1]?.match(TRADE_AND_REST);
  if (bare) return tradeWithPlace(bare[1] ?? "", bare[2] ?? "");
  if ((m = c.match(/^i(?:'m| am) (?:employed|working) as (?:an? )?(.+)$/i)))
    return [["job", `I work as ${article(m[1] ?? "")} ${m[1]}`]];
  if ((m = c.match(/^i(?:'ve| have) been (?:an? )([a-z-]+(?: [a-z-]+)?) for (.+)$/i)) && isTrade(m[1] ?? ""))
    return [["job", `I work as ${article(m[1] ?? "")} ${m[1]}`]];
  if ((m = c.match(/^i(?:'m| am) (?:training|studying) (?:to be|to become|as) (?:an? )?(.+)$/i)))
    return [["job", `I am training to be ${article(m[1] ?? "")} ${m[1]}`]];
  if ((m = c.match(/^my (?:job|work|trade|profession) is (.+)$/i))) return [["job", `my job is ${m[1]}`]];
  if (/\bfor a living$/i.test(c) && /^i /i.test(c)) return [["job", c]];
  if (/^i (?:run|manage|own) (?:a|an|the|my)\s+\S/i.test(c)) return [["job", c]];
  if ((m = c.match(/^i(?:'m| am)? (?:study|studying) (.+)$/i))) return [["job", `I study ${m[1]}`]];
  if (/^i teach\s+\S/i.test(c)) return [["job", c]];
  return null;
}

const KIN =
  "kids|kid|children|child|sons|son|daughters|daughter|babies|baby|boys|girls|grandchildren|grandkids|nieces|nephews|twins";
const COUNT = "a|an|one|two|three|four|five|six|seven|a couple of|twin|\\d+";
const HAVE_KIN = new RegExp(`^i(?: have|'ve got| got) (?:${COUNT}) (?:[a-z-]+ )?(?:${KIN})\\b`, "i");

/** Their family: "I have two kids", "I'm a mother of three", "I'm married", "I live with my sister Lerato". */
function familyOf(c: string): Statement[] | null {
  let m: RegExpMatchArray | null;
  if (HAVE_KIN.test(c)) return [["relation", c.replace(/^i(?:'ve got| have| got)/i, "I have")]];
  if (
    (m = c.match(
      /^i(?:'m| am) (?:a |an )?(?:proud |single |busy |young )?(mother|mom|mum|father|dad|parent|grandmother|grandfather|granny|grandma|grandpa) (?:of|to) (.+)$/i,
    ))
  )
    return [["relation", `I am ${article(m[1] ?? "")} ${m[1]?.toLowerCase()} of ${m[2]}`]];
  if ((m = c.match(/^i(?:'m| am) (married|engaged|a widow|a widower)\b(.*)$/i)))
    return [["relation", `I am ${m[1]?.toLowerCase()}${(m[2] ?? "").replace(/,.*$/, "")}`]];
  if ((m = c.match(/^i live with (my .+)$/i))) return [["relation", `${m[1]} lives with me`]];
  return null;
}

/** What they love: "I'm into jazz", "I'm a big fan of rugby", "I spend my weekends hiking", "my hobby is chess". */
function likeOf(c: string): Statement[] | null {
  let m = c.match(
    /^i(?:'m| am) (?:really |so |very |totally |a bit )?(?:into|crazy about|mad about|obsessed with|passionate about|fond of|a (?:big |huge |great )?fan of|keen on|hooked on)\s+(.+)$/i,
  );
  if (m?.[1] && !/\b(?:you|your)\b/i.test(m[1])) return [["like", `I love ${m[1]}`]];
  if (
    (m = c.match(/^i(?:'ve| have) always (?:loved|liked|adored|enjoyed) (.+)$/i)) &&
    !/\byou\b/i.test(m[1] ?? "")
  )
    return [["like", `I love ${m[1]}`]];
  if ((m = c.match(/^(?:in my (?:free|spare) time|on (?:the )?weekends),? i (.+)$/i)))
    return [["like", `I love to ${m[1]}`]];
  if (
    (m = c.match(/^i spend (my (?:weekends|free time|spare time|evenings|days off|sundays|holidays)) (.+)$/i))
  )
    return [["like", `I love spending ${m[1]} ${m[2]}`]];
  if ((m = c.match(/^my (hobby|hobbies|passion|passions) (?:is|are) (.+)$/i)))
    return [["like", `I love ${m[2]}`]];
  if ((m = c.match(/^nothing makes me happier than (.+)$/i))) return [["like", `I love ${m[1]}`]];
  if ((m = c.match(/^i(?:'m| am) not (?:a|much of a) (?:big )?fan of (.+)$/i)))
    return [["dislike", `I dislike ${m[1]}`]];
  if ((m = c.match(/^(.+?) (?:scares?|frightens?|terrif(?:ies|y)) me\b/i)) && !/\byou\b/i.test(m[1] ?? ""))
    return [["fear", `I am afraid of ${m[1]?.replace(/^[A-Z](?=[a-z])/, (x) => x.toLowerCase())}`]];
  if ((m = c.match(/^i have (?:a|an) (?:real |deep |terrible )?(?:fear|phobia) of (.+)$/i)))
    return [["fear", `I am afraid of ${m[1]}`]];
  return null;
}

/**
 * The facts of one clause said as people introduce themselves, first person, or null when it is none of these
 * (the plainer statements are read by `remembered-facts.ts` then).
 *
 * @example
 * introductionOf("I'm Thandi, a healer from Cape Town");
 * // [["name", "my name is Thandi"], ["job", "I work as a healer"], ["place", "I am from Cape Town"]]
 */
export function introductionOf(clause: string): Statement[] | null {
  return nameOf(clause) ?? originOf(clause) ?? familyOf(clause) ?? likeOf(clause) ?? jobOf(clause);
}
