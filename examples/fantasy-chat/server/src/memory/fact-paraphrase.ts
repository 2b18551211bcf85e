import { PETS, RELATIONS } from "./remembered-facts.js";

/**
 * Saying a remembered fact back in other words than the user's, so a character shows it listened rather than
 * reciting: "you work as a nurse in Soweto" → "you look after the sick as a nurse, back in Soweto". Every
 * paraphrase keeps the fact's names and nouns (the trade, the place, the person), only the frame changes.
 */

// What people of a trade do all day, for "you look after the sick as a nurse".
const TRADE_GLOSS: Record<string, string> = {
  nurse: "look after the sick",
  healer: "mend the hurt and the ailing",
  doctor: "tend the sick",
  physician: "tend the sick",
  teacher: "shape young minds",
  blacksmith: "work the forge",
  smith: "work the forge",
  cartographer: "draw the maps others follow",
  stablehand: "look after the horses",
  "lighthouse keeper": "keep the light burning for ships",
  farmer: "work the land",
  baker: "bake the bread",
  cook: "feed hungry people",
  chef: "feed hungry people",
  sailor: "work the ships",
  soldier: "stand guard for others",
  engineer: "build things that work",
  programmer: "write code",
  developer: "write code",
  musician: "make music",
  writer: "put words on paper",
  gardener: "make things grow",
  paramedic: "rush to people in trouble",
  mechanic: "fix what is broken",
  herbalist: "gather and mix herbs",
  scribe: "write for others",
};

const RELATION = [...RELATIONS, ...PETS].sort((a, b) => b.length - a.length).join("|");
/** "your sister Ilse keeps bees", "your dog Biscuit follows you everywhere". */
const NAMED_KIN = new RegExp(`^your ((?:[a-z]+ )?(?:${RELATION})) ([A-Z][\\w'-]+)(?: (.+))?$`);
/** "your sister is called Mira and she sings". */
const KIN_CALLED = new RegExp(
  `^your ((?:[a-z]+ )?(?:${RELATION}))(?:'s name is| is called| is named) ([A-Z][\\w'-]+)(?: (.+))?$`,
);
/** "you have a grey cat called Pepper". */
const HAVE_CALLED =
  /^you(?: have|'ve got| keep| own) (an? (?:[a-z-]+ )?[a-z-]+) (?:called|named) ([A-Z][\w'-]+)$/;

type Paraphrases = (m: RegExpMatchArray) => string[];

/** ", and he sails ships" after a name, when the fact says more. */
const andTail = (rest: string | undefined) => (rest ? `, ${/^and /.test(rest) ? rest : `and ${rest}`}` : "");

/** The rules, first match wins; each gives the ways of saying one kind of fact, chosen among by the variant. */
const RULES: ReadonlyArray<[RegExp, Paraphrases]> = [
  [/^your name is (.+)$/, (m) => [`you go by ${m[1]}`, `${m[1]} is the name you gave me`]],
  [
    /^you work as (an?) ([a-z -]+?)(?: ((?:in|at|on|for) .+))?$/,
    (m) => {
      const [, a, trade = "", where] = m;
      const place = where ? `, ${where.replace(/^in /, "back in ")}` : "";
      const gloss = TRADE_GLOSS[trade];
      return [
        `you earn your living as ${a} ${trade}${place}`,
        gloss ? `you ${gloss} as ${a} ${trade}${place}` : `${a} ${trade} is what you are by trade${place}`,
        `your trade is that of ${a} ${trade}${place}`,
      ];
    },
  ],
  [
    /^you work (at|in|for|on) (.+)$/,
    (m) => [`your working days are spent ${m[1]} ${m[2]}`, `you earn your keep ${m[1]} ${m[2]}`],
  ],
  [
    /^you are from (.+)$/,
    (m) => [`you hail from ${m[1]}`, `${m[1]} is where your story starts`, `your roots are in ${m[1]}`],
  ],
  [
    /^you travelled from (.+)$/,
    (m) => [`you came all the way from ${m[1]}`, `your road here began in ${m[1]}`],
  ],
  [
    /^you grew up (in|on|by|near) (.+)$/,
    (m) => [`you spent your childhood ${m[1]} ${m[2]}`, `you were a child ${m[1]} ${m[2]}`],
  ],
  [
    /^you were born (in|on|by|near) (.+)$/,
    (m) => [`you first saw daylight ${m[1]} ${m[2]}`, `your life began ${m[1]} ${m[2]}`],
  ],
  [
    /^you live (in|on|by|near) (.+)$/,
    (m) => [`home for you is ${m[1]} ${m[2]}`, `you make your home ${m[1]} ${m[2]}`],
  ],
  [
    NAMED_KIN,
    (m) =>
      m[3]
        ? [`${m[2]}, your ${m[1]}, ${m[3]}`, `${m[2]}, that ${m[1]} of yours, ${m[3]}`]
        : [`${m[2]} is your ${m[1]}`, `your ${m[1]} is called ${m[2]}`],
  ],
  [
    KIN_CALLED,
    (m) => [`${m[2]} is your ${m[1]}${andTail(m[3])}`, `your ${m[1]} goes by ${m[2]}${andTail(m[3])}`],
  ],
  [HAVE_CALLED, (m) => [`${m[2]} is ${m[1]} of yours`, `${m[1]} by the name of ${m[2]} shares your home`]],
  [
    /^you have ((?:a|an|one|two|three|four|five|six|\d+|a couple of) .+)$/,
    (m) => [`there are ${m[1]} in your life`, `your household counts ${m[1]}`],
  ],
  [
    /^you (?:love|adore|enjoy|cherish) (to .+)$/,
    (m) => [`you are happiest when you get ${m[1]}`, `nothing pleases you more than ${m[1]}`],
  ],
  [
    /^you (?:love|adore|like|enjoy|cherish|prefer) (.+)$/,
    (m) => [
      `you have a soft spot for ${m[1]}`,
      `${m[1]} can always lift your spirits`,
      `your heart is set on ${m[1]}`,
    ],
  ],
  [
    /^you (?:hate|loathe|despise|dislike|detest|can't stand|cannot stand|can't bear|cannot bear) (.+)$/,
    (m) => [
      `you have no patience for ${m[1]}`,
      `${m[1]} will never win you over`,
      `you would cross the road to avoid ${m[1]}`,
    ],
  ],
  [
    /^you are afraid of (.+)$/,
    (m) => [
      `you dread ${m[1]}`,
      `you go cold at the thought of ${m[1]}`,
      `you would rather face anything than ${m[1]}`,
    ],
  ],
  [
    /^you miss (.+?)(?: terribly| so much| a lot| dearly)?$/,
    (m) => [`your heart still aches for ${m[1]}`, `you long for ${m[1]}`],
  ],
  [
    /^you (?:wish you could|want to|hope to|would love to|'d love to) (.+)$/,
    (m) => [`you long to ${m[1]}`, `one day, you hope, you will ${m[1]}`],
  ],
];

/**
 * A fact in other words (see the module's comment), the `variant`th way of saying it (any number; it wraps); a fact
 * of no known shape is said as it is.
 *
 * @example
 * paraphraseFact("you are afraid of the dark", 0); // "you dread the dark"
 */
export function paraphraseFact(fact: string, variant: number): string {
  for (const [pattern, say] of RULES) {
    const m = fact.match(pattern);
    if (!m) continue;
    const ways = say(m);
    return ways[Math.abs(variant) % ways.length] ?? fact;
  }
  return fact;
}
