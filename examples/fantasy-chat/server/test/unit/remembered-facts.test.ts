import { describe, expect, it } from "vitest";
import { CHARACTER_CATALOGUE } from "../../src/characters/character-catalogue.js";
import { extractFacts, factKind, type FactKind } from "../../src/memory/remembered-facts.js";
import { findLore, loreOf, toFirstPerson } from "../../src/replies/character-lore.js";
import { recollectionFor } from "../../src/replies/recollection.js";
import type { ReplyRequest } from "../../src/replies/reply-engine.js";

/** Natural sentences and the facts they state, in order (kind, and the text as a character says it back). */
const SENTENCES: Array<[string, Array<[FactKind, string]>]> = [
  [
    "I'm a cartographer from the southern coast, and honestly I hate the cold.",
    [
      ["job", "you work as a cartographer"],
      ["place", "you are from the southern coast"],
      ["dislike", "you hate the cold"],
    ],
  ],
  ["My sister Ilse keeps bees.", [["relation", "your sister Ilse keeps bees"]]],
  ["Hello! My sister is called Mira.", [["relation", "your sister is called Mira"]]],
  ["My brother's name is Tomas.", [["relation", "your brother's name is Tomas"]]],
  ["I have a sister named Ilse and a dog.", [["relation", "you have a sister named Ilse and a dog"]]],
  [
    "I've got two brothers who never stop arguing.",
    [["relation", "you've got two brothers who never stop arguing"]],
  ],
  [
    "My best friend Corin can't cook to save his life.",
    [["relation", "your best friend Corin can't cook to save his life"]],
  ],
  [
    "I was born in Eastmere, where my mother Oona still runs the ferry.",
    [
      ["place", "you were born in Eastmere"],
      ["relation", "your mother Oona still runs the ferry"],
    ],
  ],
  ["Call me Lyra.", [["name", "your name is Lyra"]]],
  ["My name is Wren, by the way.", [["name", "your name is Wren"]]],
  ["People call me Fox.", [["name", "your name is Fox"]]],
  ["I work as a blacksmith in Harrowgate.", [["job", "you work as a blacksmith in Harrowgate"]]],
  ["I'm an apothecary by trade.", [["job", "you work as an apothecary"]]],
  [
    "I'm a lighthouse keeper on the Isle of Vell.",
    [["job", "you work as a lighthouse keeper on the Isle of Vell"]],
  ],
  [
    "Honestly, I'm a stablehand from Brindle Hollow.",
    [
      ["job", "you work as a stablehand"],
      ["place", "you are from Brindle Hollow"],
    ],
  ],
  ["I work at the harbour most days.", [["job", "you work at the harbour most days"]]],
  ["I'm from Westmarch.", [["place", "you are from Westmarch"]]],
  ["I grew up on a farm near the river.", [["place", "you grew up on a farm near the river"]]],
  ["I live by the sea now.", [["place", "you live by the sea now"]]],
  ["I come from a long line of weavers.", [["place", "you are from a long line of weavers"]]],
  ["My dog Biscuit follows me everywhere.", [["pet", "your dog Biscuit follows you everywhere"]]],
  ["I have a grey cat called Pepper.", [["pet", "you have a grey cat called Pepper"]]],
  ["I've got a mare named Juniper.", [["pet", "you've got a mare named Juniper"]]],
  ["My old horse is called Thistle.", [["pet", "your old horse is called Thistle"]]],
  ["I keep a falcon named Ash.", [["pet", "you keep a falcon named Ash"]]],
  [
    "I love thunderstorms, but I'm terrified of heights.",
    [
      ["like", "you love thunderstorms"],
      ["fear", "you are afraid of heights"],
    ],
  ],
  ["I adore wild roses.", [["like", "you adore wild roses"]]],
  ["I really enjoy long walks at night.", [["like", "you enjoy long walks at night"]]],
  ["My favourite colour is green.", [["like", "your favourite colour is green"]]],
  ["I hate eels.", [["dislike", "you hate eels"]]],
  ["I can't stand liars.", [["dislike", "you can't stand liars"]]],
  ["I absolutely loathe the smell of fish.", [["dislike", "you loathe the smell of fish"]]],
  ["I'm afraid of the dark, if I'm honest.", [["fear", "you are afraid of the dark"]]],
  ["I fear deep water.", [["fear", "you are afraid of deep water"]]],
  ["I'm scared of spiders.", [["fear", "you are afraid of spiders"]]],
  ["I miss my father terribly.", [["feeling", "you miss your father terribly"]]],
  ["I wish I could see the northern sea.", [["wish", "you wish you could see the northern sea"]]],
  ["One day I will sail to the burning isles.", [["wish", "one day you will sail to the burning isles"]]],
  [
    "I have a scar on my left hand from a fishing hook.",
    [["other", "you have a scar on your left hand from a fishing hook"]],
  ],
  [
    "My name is Ilse and I keep bees by the southern coast.",
    [
      ["name", "your name is Ilse"],
      ["other", "you keep bees by the southern coast"],
    ],
  ],
  ["The rain falls and the wind howls.", []],
  ["What is my name?", []],
  ["Do you like cats?", []],
  ["I love you.", []],
  ["I'm a bit tired tonight.", []],
  ["I want to kiss you.", []],
  [
    "I'm a dreamer, and my father Aldous was a soldier.",
    [
      ["self", "you are a dreamer"],
      ["relation", "your father Aldous was a soldier"],
    ],
  ],
  ["We went to the market, and I bought a ring for my wife Elspeth.", []],
];

describe("fact extraction", () => {
  it(`reads ${SENTENCES.length} natural sentences: clauses, trades, places, people, animals, likes, dislikes, fears`, () => {
    expect(SENTENCES.length).toBeGreaterThanOrEqual(40);
    for (const [sentence, facts] of SENTENCES)
      expect(
        extractFacts(sentence).map((fact) => [fact.kind, fact.text]),
        sentence,
      ).toEqual(facts);
  });

  it("reads every stored fact's kind back from its text", () => {
    for (const [, facts] of SENTENCES)
      for (const [kind, text] of facts) expect(factKind(text), text).toBe(kind);
    // Facts stored by earlier versions still read as their kind.
    expect(factKind("your sister is called Mira")).toBe("relation");
    expect(factKind("you grew up in Westmarch")).toBe("place");
    expect(factKind("you fear the deep woods")).toBe("fear");
  });
});

function request(message: string, said: string[], memory: string[] = []): ReplyRequest {
  return {
    character: CHARACTER_CATALOGUE[2]!,
    persona: { preferredName: "Mara", backstory: null, personalityTraits: [], favoriteArchetype: null },
    memory: memory.length > 0 ? { facts: memory, topics: [] } : null,
    history: said.flatMap((content) => [
      { role: "user" as const, content },
      { role: "character" as const, content: "I hear you." },
    ]),
    message,
    avoid: [],
    premium: false,
  };
}

describe("recall", () => {
  const told = [
    "Hey there. I work as a blacksmith in Harrowgate, and my dog Biscuit follows me everywhere.",
    "My brother is called Tomas and he sails merchant ships out of the bay.",
    "I love thunderstorms, but I'm terrified of heights, so be gentle.",
    "I was born in Eastmere, where my mother Oona still runs the ferry.",
    "My best friend Corin can't cook to save his life, and I've got a mare named Juniper.",
  ];
  const asks: Array<[string, string]> = [
    ["What's my job again?", "you work as a blacksmith in Harrowgate"],
    ["Which town do I work in?", "you work as a blacksmith in Harrowgate"],
    ["What's my dog called?", "your dog Biscuit follows you everywhere"],
    [
      "Who is Tomas, do you remember?",
      "your brother is called Tomas and he sails merchant ships out of the bay",
    ],
    ["What am I scared of?", "you are afraid of heights"],
    ["So what kind of weather do I love?", "you love thunderstorms"],
    ["Where was I born?", "you were born in Eastmere"],
    ["Who runs the ferry back home, do you remember?", "your mother Oona still runs the ferry"],
    ["What's my best friend's name?", "your best friend Corin can't cook to save his life"],
    ["What's my horse called?", "you've got a mare named Juniper"],
  ];

  it("finds the fact a question asks for, directly or by a word of it", () => {
    for (const [question, fact] of asks)
      expect(recollectionFor(request(question, told)).asked, question).toBe(fact);
  });

  it("finds facts in the long-term memory as in the window, and says when a fact was never told", () => {
    const fromMemory = recollectionFor(
      request("What do I do for a living?", [], ["you work as a cartographer"]),
    );
    expect(fromMemory.asked).toBe("you work as a cartographer");
    const never = recollectionFor(request("What's my sister called?", told));
    expect(never.asked).toBeNull();
    expect(never.asksAboutUser).toBe(true);
  });

  it("notices a fact a message touches without asking for it", () => {
    const icy = recollectionFor(request("Would you take me somewhere icy?", ["Honestly, I hate the cold."]));
    expect(icy.asked).toBeNull();
    expect(icy.touched).toBe("you hate the cold");
  });
});

describe("lore", () => {
  it("gives every seeded character at least 6 topics drawn from its card, told in the first person", () => {
    for (const character of CHARACTER_CATALOGUE) {
      const lore = loreOf(character);
      expect(
        lore.filter((topic) => topic.source !== "archetype").length,
        character.id,
      ).toBeGreaterThanOrEqual(6);
      // Its archetype's own topics are dealt out among the archetype's characters (character-voice.ts).
      expect(new Set(lore.map((topic) => topic.line)).size, character.id).toBeGreaterThanOrEqual(6);
      for (const topic of lore.filter((topic) => topic.source !== "archetype")) {
        expect(topic.line, character.id).toMatch(/^[A-Z“].*[.!?”]$/);
        expect(topic.line, character.id).not.toMatch(/\b(?:he|she|his|him|her)\b/i);
      }
    }
  });

  it("tells a description in the first person", () => {
    expect(
      toFirstPerson(
        "He speaks little, notices everything and guards the few he trusts with his life.",
        "Riven",
      ),
    ).toBe("I speak little, notice everything and guard the few I trust with my life.");
    expect(
      toFirstPerson("A scarred general who has held the northern wall for twenty winters.", "Thane"),
    ).toBe("I am a scarred general who has held the northern wall for twenty winters.");
    expect(
      toFirstPerson(
        "She steals from tyrants, pays her debts in secrets, and never leaves a friend behind.",
        "Kestrel",
      ),
    ).toBe("I steal from tyrants, pay my debts in secrets, and never leave a friend behind.");
    expect(
      toFirstPerson("Elegant, dangerous and playful, she is the Veiled City's most guarded secret.", "Nyx"),
    ).toBe("Elegant, dangerous and playful, I am the Veiled City's most guarded secret.");
  });

  it("finds the topic a question asks about, passing over one already said", () => {
    const kaelen = loreOf(CHARACTER_CATALOGUE[0]!);
    expect(findLore(kaelen, "Who are you, really?")?.line).toBe(
      "I am Kaelen Nightthorn, Lord of the Unseelie Court.",
    );
    expect(findLore(kaelen, "What do you trade in?")?.line).toBe(
      "I trade in secrets and keep every promise to the letter.",
    );
    expect(findLore(kaelen, "Tell me about the hollow hills")?.line).toContain("hollow hills");
    const aeron = loreOf(CHARACTER_CATALOGUE[2]!);
    expect(findLore(aeron, "Tell me about your drake")?.line).toMatch(/drake/i);
    const first = findLore(aeron, "Tell me about your drake")!.line;
    expect(findLore(aeron, "Tell me about your drake", (line) => line === first)?.line).not.toBe(first);
    expect(findLore(aeron, "What colour is the sky?")?.source ?? "none").not.toBe("title");
  });

  it("uses an imported card's personality and scenario", () => {
    const imported = {
      ...CHARACTER_CATALOGUE[8]!,
      card: { personality: "{{char}} hoards old maps and sings sea shanties badly.", scenario: "" },
    };
    expect(findLore(loreOf(imported), "Do you sing?")?.line).toBe(
      "I hoard old maps and sing sea shanties badly.",
    );
  });
});
