/**
 * The words a message is about, for matching it with what a character knows (its lore) and remembers (the user's
 * facts): lower case, common words left out, plural and verb endings cut ("trades" → "trade", "ships" → "ship"),
 * and a few families of related words ("icy" is about the cold, a "mare" is a horse).
 */

const COMMON = new Set(
  (
    "a an the and or but so of to in on at by for with from into onto over under about as is are am was were be been " +
    "being do does did done have has had having i me my mine myself you your yours yourself we us our they them their " +
    "he him his she her it its this that these those there here what which who whom whose where when why how " +
    "not no yes all any some just very really quite too also again still ever never once tell say said says " +
    "know think remember recall forget can could would should will shall may might must let like " +
    "one thing things something anything everything much many more most other else own same such only " +
    "up down out off then than now today tonight day all really truly ha oh ah well okay ok please yeah"
  ).split(" "),
);

// Families of words that speak of the same thing; each word stands for its family's first.
const FAMILIES: readonly string[] = [
  "cold icy ice freezing frost frozen snow winter chill chilly wintry",
  "warm hot heat summer sunny sun",
  "height high cliff climb tall heights",
  "sea ocean coast shore beach sail ship boat harbour harbor bay tide",
  "dark darkness night shadow",
  "rain storm thunder thunderstorm weather lightning",
  "job work living trade profession craft occupation",
  "home hometown town village city born grew live",
  "name called named",
  "horse mare stallion pony steed",
  "dog hound puppy",
  "cat kitten",
  "flower rose lily blossom bloom",
  "food eat meal dish taste cook",
  "dragon drake wyrm",
  "fight battle war",
  "child children kid kids son sons daughter daughters baby babies",
  "fear afraid scared scare frighten frightened frightens terrified dread",
];

const FAMILY_OF = new Map<string, string>();
for (const family of FAMILIES) {
  const [head, ...rest] = family.split(" ");
  for (const word of rest) FAMILY_OF.set(word, head ?? word);
}

/**
 * A word without its plural or verb ending: "trades" → "trade", "berries" → "berry", "chasing" → "chas".
 *
 * @example
 * stem("ships"); // "ship"
 */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/'s$/, "");
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(?:ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  else if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  return w;
}

/** The lower-case words of a text, apostrophes kept inside words ("can't"). */
export function plainWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .map((word) => word.replace(/^'+|'+$/g, ""))
    .filter((word) => word !== "");
}

/**
 * The stems of a text's uncommon words, each once.
 *
 * @example
 * topicWords("Tell me about your bargains!"); // ["bargain"]
 */
export function topicWords(text: string): string[] {
  return [
    ...new Set(
      plainWords(text)
        .filter((word) => !COMMON.has(word))
        .map(stem),
    ),
  ];
}

/** The family a stem belongs to (itself when none). */
export function familyOf(word: string): string {
  return FAMILY_OF.get(word) ?? FAMILY_OF.get(stem(word)) ?? stem(word);
}

/**
 * How much two sets of topic words share: 2 for each word in both, 1 for each further one of the same family.
 *
 * @example
 * overlap(topicWords("somewhere icy"), topicWords("you hate the cold")); // 1
 */
export function overlap(asked: readonly string[], known: readonly string[]): number {
  const exact = new Set(known);
  const families = new Set(known.map(familyOf));
  let score = 0;
  for (const word of asked) {
    if (exact.has(word)) score += 2;
    else if (families.has(familyOf(word))) score += 1;
  }
  return score;
}
