import { describe, expect, it } from "vitest";
import { CHARACTER_CATALOGUE } from "../../src/characters/character-catalogue.js";
import { paraphraseFact } from "../../src/memory/fact-paraphrase.js";
import { extractFacts, factKind, toSecondPerson, type FactKind } from "../../src/memory/remembered-facts.js";
import { characterVoice } from "../../src/replies/character-voice.js";
import { directAnswer } from "../../src/replies/direct-answer.js";
import { INTENTS } from "../../src/replies/persona-voices.js";
import { recollectionFor } from "../../src/replies/recollection.js";
import type { ReplyRequest } from "../../src/replies/reply-engine.js";
import { isRepeat } from "../../src/replies/repetition.js";

/** Self-introductions as people write them (issue #47), and the facts they state, in order. */
const INTRODUCTIONS: Array<[string, Array<[FactKind, string]>]> = [
  // Names.
  [
    "I'm Thandi, a healer from Cape Town.",
    [
      ["name", "your name is Thandi"],
      ["job", "you work as a healer"],
      ["place", "you are from Cape Town"],
    ],
  ],
  ["Hi, I'm Sipho.", [["name", "your name is Sipho"]]],
  ["The name's Naledi.", [["name", "your name is Naledi"]]],
  ["This is Ayanda, by the way.", [["name", "your name is Ayanda"]]],
  [
    "I am Bongani from Pretoria.",
    [
      ["name", "your name is Bongani"],
      ["place", "you are from Pretoria"],
    ],
  ],
  [
    "Hey, I'm Zanele and I grew up in Durban.",
    [
      ["name", "your name is Zanele"],
      ["place", "you grew up in Durban"],
    ],
  ],
  ["I'm Sorry about earlier.", []],
  ["I'm English, as it happens.", []],
  // Origins.
  ["I travelled from Soweto to see you.", [["place", "you travelled from Soweto"]]],
  ["Travelled from Soweto this morning.", [["place", "you travelled from Soweto"]]],
  ["I've travelled all the way from Limpopo.", [["place", "you travelled from Limpopo"]]],
  ["I grew up in Durban.", [["place", "you grew up in Durban"]]],
  ["I hail from Bloemfontein.", [["place", "you are from Bloemfontein"]]],
  ["I'm originally from Polokwane.", [["place", "you are from Polokwane"]]],
  ["Originally from Kimberley, if you must know.", [["place", "you are from Kimberley"]]],
  ["Born and raised in Gqeberha.", [["place", "you were born and raised in Gqeberha"]]],
  ["I moved here from Port Elizabeth last spring.", [["place", "you moved here from Port Elizabeth"]]],
  ["I came from a small fishing village.", [["place", "you are from a small fishing village"]]],
  ["I'm based in Johannesburg these days.", [["place", "you live in Johannesburg these days"]]],
  ["I just came from work.", []],
  ["I came from the shop with bread.", []],
  // Jobs.
  ["I'm a healer.", [["job", "you work as a healer"]]],
  ["I work as a nurse in Soweto.", [["job", "you work as a nurse in Soweto"]]],
  [
    "Just a healer from Cape Town, really.",
    [
      ["job", "you work as a healer"],
      ["place", "you are from Cape Town"],
    ],
  ],
  ["A teacher in Mthatha, nothing fancy.", [["job", "you work as a teacher in Mthatha"]]],
  ["I'm a paramedic.", [["job", "you work as a paramedic"]]],
  ["By day I'm a mechanic.", [["job", "you work as a mechanic"]]],
  ["I'm employed as a receptionist.", [["job", "you work as a receptionist"]]],
  ["I've been a nurse for ten years.", [["job", "you work as a nurse"]]],
  ["I'm training to be a doctor.", [["job", "you are training to be a doctor"]]],
  ["I run a small bakery.", [["job", "you run a small bakery"]]],
  ["I fix cars for a living.", [["job", "you fix cars for a living"]]],
  ["My job is driving trucks.", [["job", "your job is driving trucks"]]],
  ["I teach maths at a high school.", [["job", "you teach maths at a high school"]]],
  ["I'm studying law.", [["job", "you study law"]]],
  ["I'm an electrician by profession.", [["job", "you work as an electrician"]]],
  ["I'm a social worker in Tembisa.", [["job", "you work as a social worker in Tembisa"]]],
  // Family.
  ["I have two kids.", [["relation", "you have two kids"]]],
  ["I've got three children who never sleep.", [["relation", "you have three children who never sleep"]]],
  ["My sister Lerato is getting married.", [["relation", "your sister Lerato is getting married"]]],
  ["I live with my sister Lerato.", [["relation", "your sister Lerato lives with you"]]],
  ["I'm a mother of three.", [["relation", "you are a mother of three"]]],
  ["I'm a proud dad of twins.", [["relation", "you are a dad of twins"]]],
  ["I'm married, for what it's worth.", [["relation", "you are married"]]],
  ["I have a little brother named Kabelo.", [["relation", "you have a little brother named Kabelo"]]],
  ["My daughter Amahle just started school.", [["relation", "your daughter Amahle just started school"]]],
  ["I have a baby on the way.", [["relation", "you have a baby on the way"]]],
  ["My kids are my whole world.", [["relation", "your kids are your whole world"]]],
  // Likes, dislikes, fears.
  ["I love hiking.", [["like", "you love hiking"]]],
  ["I'm into jazz.", [["like", "you love jazz"]]],
  ["I'm really into old detective novels.", [["like", "you love old detective novels"]]],
  ["I'm a big fan of rugby.", [["like", "you love rugby"]]],
  ["I'm crazy about mangoes.", [["like", "you love mangoes"]]],
  ["I've always loved the ocean.", [["like", "you love the ocean"]]],
  [
    "I spend my weekends fishing with my dad.",
    [["like", "you love spending your weekends fishing with your dad"]],
  ],
  ["In my free time I paint.", [["like", "you love to paint"]]],
  ["My hobby is gardening.", [["like", "you love gardening"]]],
  ["Nothing makes me happier than a long swim.", [["like", "you love a long swim"]]],
  ["I'm not a fan of crowds.", [["dislike", "you dislike crowds"]]],
  ["Spiders terrify me.", [["fear", "you are afraid of spiders"]]],
  ["Deep water scares me.", [["fear", "you are afraid of deep water"]]],
  ["I have a fear of heights.", [["fear", "you are afraid of heights"]]],
  ["I'm into you, obviously.", []],
  ["Thunder frightens you, doesn't it.", []],
  // Several at once.
  [
    "I'm Lindiwe, I grew up in Durban, and I'm into jazz.",
    [
      ["name", "your name is Lindiwe"],
      ["place", "you grew up in Durban"],
      ["like", "you love jazz"],
    ],
  ],
  [
    "I work as a nurse in Soweto, and honestly I love hiking on my days off.",
    [
      ["job", "you work as a nurse in Soweto"],
      ["like", "you love hiking on your days off"],
    ],
  ],
  [
    "I moved here from Port Elizabeth, and I run a small bakery.",
    [
      ["place", "you moved here from Port Elizabeth"],
      ["job", "you run a small bakery"],
    ],
  ],
];

describe("self-introductions", () => {
  it(`reads ${INTRODUCTIONS.length} ordinary introductions: names, origins, jobs, family and likes`, () => {
    expect(INTRODUCTIONS.length).toBeGreaterThanOrEqual(60);
    for (const [sentence, facts] of INTRODUCTIONS)
      expect(
        extractFacts(sentence).map((fact) => [fact.kind, fact.text]),
        sentence,
      ).toEqual(facts);
  });

  it("reads every fact's kind back from the text it is kept as", () => {
    for (const [, facts] of INTRODUCTIONS)
      for (const [kind, text] of facts) expect(factKind(text), text).toBe(kind);
  });

  it("says 'I' for a 'you' that did something, in what it says back", () => {
    expect(toSecondPerson("I want to see the moon garden you spoke of")).toBe(
      "you want to see the moon garden I spoke of",
    );
    expect(toSecondPerson("I bought a ring for you")).toBe("you bought a ring for me");
  });
});

describe("facts said back", () => {
  const cases: Array<[string, RegExp]> = [
    ["you work as a nurse in Soweto", /nurse.*back in Soweto/],
    ["you are from Cape Town", /Cape Town/],
    ["you travelled from Soweto", /Soweto/],
    ["your sister Lerato lives with you", /Lerato.*sister|sister.*Lerato/],
    ["you have two kids", /two kids/],
    ["you love jazz", /jazz/],
    ["you are afraid of spiders", /spiders/],
    [
      "your brother is called Tomas and he sails ships",
      /Tomas is your brother, and he sails ships|your brother goes by Tomas, and he sails ships/,
    ],
  ];

  it("keeps a fact's names and nouns, in other words than the user's, each way", () => {
    for (const [fact, keeps] of cases)
      for (let variant = 0; variant < 3; variant++) {
        const said = paraphraseFact(fact, variant);
        expect(said, fact).toMatch(keeps);
        expect(said, fact).not.toBe(fact);
      }
  });

  it("says a fact of no known shape as it is", () => {
    expect(paraphraseFact("you keep bees by the southern coast", 1)).toBe(
      "you keep bees by the southern coast",
    );
  });

  it("never says a fact was not told when the user told it in ordinary words", () => {
    const request = (message: string, said: string[]): ReplyRequest => ({
      character: CHARACTER_CATALOGUE[2]!,
      persona: { preferredName: "Mara", backstory: null, personalityTraits: [], favoriteArchetype: null },
      memory: null,
      history: said.flatMap((content) => [
        { role: "user" as const, content },
        { role: "character" as const, content: "I hear you." },
      ]),
      message,
      avoid: [],
      premium: false,
    });
    const told = ["Just a healer from Cape Town, really.", "I travelled from Soweto, and I have two kids."];
    for (const [question, fact] of [
      ["Do you know what I do?", "you work as a healer"],
      ["How many children have I got?", "you have two kids"],
      ["Where did I travel from?", "you travelled from Soweto"],
      ["Where is my home town?", "you are from Cape Town"],
    ] as const)
      expect(recollectionFor(request(question, told)).asked, question).toBe(fact);
  });
});

describe("each character's own voice", () => {
  it("shares no fixed sentence with any other character of the cast", () => {
    const linesOf = (character: (typeof CHARACTER_CATALOGUE)[number]) => {
      const { own, shared } = characterVoice(character);
      return [own, shared].flatMap((voice) => [
        ...voice.openers,
        ...INTENTS.flatMap((intent) => voice.lines[intent]),
        ...voice.closers,
        ...voice.unknown,
        ...voice.traitLines,
      ]);
    };
    const fill = (line: string) => line.replaceAll("{name}", "Wren").replaceAll("{trait}", "brave");
    const cast = CHARACTER_CATALOGUE.map((character) => ({
      id: character.id,
      lines: linesOf(character).map(fill),
    }));
    for (let i = 0; i < cast.length; i++) {
      expect(cast[i]!.lines.length, cast[i]!.id).toBeGreaterThan(30);
      for (let j = i + 1; j < cast.length; j++)
        for (const line of cast[i]!.lines)
          for (const other of cast[j]!.lines)
            expect(isRepeat(line, other, "Wren"), `${cast[i]!.id} / ${cast[j]!.id}: ${line}`).toBe(false);
    }
  });

  it("answers a question put to it first, from its own card, unlike the rest of the cast", () => {
    const questions = [
      "What do you do all day?",
      "Do you like the sea?",
      "Where were you born?",
      "Are you afraid of anything?",
    ];
    for (const question of questions) {
      const answers = CHARACTER_CATALOGUE.map(
        (character) => directAnswer(character, question, 0)?.line ?? "",
      );
      for (const answer of answers) expect(answer, question).toMatch(/^[A-Z][^?]*[.!]$/);
      // Never the same sentence; characters of one archetype not even nearly.
      expect(new Set(answers).size, question).toBe(answers.length);
      for (let i = 0; i < answers.length; i++)
        for (let j = i + 1; j < answers.length; j++)
          if (CHARACTER_CATALOGUE[i]!.archetype === CHARACTER_CATALOGUE[j]!.archetype)
            expect(isRepeat(answers[i]!, answers[j]!), `${answers[i]} / ${answers[j]}`).toBe(false);
    }
    expect(directAnswer(CHARACTER_CATALOGUE[0]!, "Do you like the sea?", 0)?.line).toContain("the sea");
    expect(directAnswer(CHARACTER_CATALOGUE[0]!, "Do you know what I do?", 0)).toBeNull();
    expect(directAnswer(CHARACTER_CATALOGUE[0]!, "Ha, you're ridiculous, you know that?", 0)).toBeNull();
  });
});
