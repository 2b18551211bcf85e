// Benchmark 6: how well the embedded persona engine converses — scripted chats through the built server's API
// (premium users, the default engine, a fixed seed), one per character. Each script tells the character facts in
// ordinary sentences (clauses, "I'm a …", "my sister X …", pets, places, likes and dislikes), asks about the
// character's own lore, changes mood, and then asks the facts back, directly or indirectly. Printed per character:
//
// - repetition: reply sentences that repeat an earlier sentence of the same chat (the same words or nearly, the
//   user's name ignored; `isRepeat` of server/src/replies/repetition.ts) ÷ all reply sentences;
// - recall: questions about a told fact whose reply says it back ÷ such questions;
// - lore: questions about the character whose reply uses its card (title, description, tags) ÷ such questions.
//
// A last chat tells two facts, talks for 24 more turns (past the premium window of 40 messages, so they are only
// in the long-term memory) and then asks for them: "long-term recall".
//
//   npm run build:server -w realmheart && npm run bench:persona
//
// From the repository root. Writes bench/results/persona.json for `npm run bench:check`. Env: BENCH_APP_MAIN (another
// build's dist/server/main.js, to measure it instead), PERSONA_SEED (default 7).
import { call, makePremium, openChat, registerUser, sendMessage } from "./support/app-client.mjs";
import { startAppServer } from "./support/app-server.mjs";
import { printTable, writeResult } from "../../../bench/support/report.mjs";
import { isRepeat, sentencesOf } from "../dist/server/replies/repetition.js";

const NAME = "Mara";
const SEED = process.env.PERSONA_SEED ?? "7";

/**
 * The scripts. A turn is `say` alone (a statement, a mood), or with `recall` (it asks a told fact back; every
 * listed text must be in the reply, case ignored) or `lore` (it asks about the character; one of the listed texts
 * must be in the reply).
 */
const SCRIPTS = [
  {
    character: "kaelen-nightthorn",
    turns: [
      { say: "Good evening! I'm a cartographer from the southern coast, and honestly I hate the cold." },
      { say: "Who are you, really, behind all that moonlight?", lore: ["Unseelie", "fae", "court"] },
      { say: "My sister Ilse keeps bees, and I have a grey cat called Pepper." },
      { say: "I feel so lonely tonight, and everything seems heavy." },
      { say: "Tell me about your bargains. What do you trade in?", lore: ["secret", "bargain", "promise"] },
      { say: "Ha! You're ridiculous, you know that? I'm only teasing you." },
      { say: "What do I do for a living?", recall: ["cartographer"] },
      { say: "What's my sister called?", recall: ["Ilse"] },
      { say: "Where did I say I grew up?", recall: ["southern coast"] },
      { say: "Would you take me somewhere icy for our next trip?", recall: ["cold"] },
      { say: "Do you remember my cat's name?", recall: ["Pepper"] },
      { say: "And what does my sister do all day?", recall: ["bees"] },
    ],
  },
  {
    character: "aeron-stormwing",
    turns: [
      { say: "Hey there. I work as a blacksmith in Harrowgate, and my dog Biscuit follows me everywhere." },
      {
        say: "Tell me about your dragon, is it true you chase storms?",
        lore: ["drake", "storm", "lightning"],
      },
      { say: "My brother is called Tomas and he sails merchant ships out of the bay." },
      { say: "I love thunderstorms, but I'm terrified of heights, so be gentle." },
      { say: "You absolute show-off, that was a terrible landing, I'm so angry with you!" },
      { say: "Where do you fly when the weather turns?", lore: ["Shattered Peaks", "storm", "lightning"] },
      { say: "What's my job again?", recall: ["blacksmith"] },
      { say: "What's my dog called?", recall: ["Biscuit"] },
      { say: "Who is Tomas, do you remember?", recall: ["brother"] },
      { say: "What am I scared of?", recall: ["heights"] },
      { say: "Which town do I work in?", recall: ["Harrowgate"] },
      { say: "So what kind of weather do I love?", recall: ["thunderstorms"] },
    ],
  },
  {
    character: "rowan-blackwood",
    turns: [
      { say: "Hello, Sir Knight. I was born in Eastmere, where my mother Oona still runs the ferry." },
      { say: "Who do you serve, and what is your duty?", lore: ["Queen", "road", "protect"] },
      {
        say: "I'm a healer at the temple of the river, and my best friend Corin can't cook to save his life.",
      },
      { say: "I adore wild roses, and I can't stand liars." },
      { say: "You look so handsome in that armour, I could kiss you." },
      { say: "Tell me about the Queen's Road, is it dangerous?", lore: ["road", "Queen"] },
      { say: "Who runs the ferry back home, do you remember?", recall: ["Oona"] },
      { say: "Where was I born?", recall: ["Eastmere"] },
      { say: "What's my best friend's name?", recall: ["Corin"] },
      { say: "Which flower do I adore?", recall: ["roses"] },
      { say: "What can't I stand?", recall: ["liars"] },
      { say: "And what is my work?", recall: ["healer"] },
    ],
  },
  {
    character: "thane-ironheart",
    turns: [
      { say: "Commander. I'm a stablehand from Brindle Hollow, and I've got a mare named Juniper." },
      {
        say: "What is your title, and what war are you fighting?",
        lore: ["general", "war", "army", "command"],
      },
      { say: "My father Aldous was a soldier too, and I miss him terribly." },
      { say: "I'm afraid of the dark, if I'm honest, and I love the smell of rain." },
      { say: "Ha, you can't even tie your own cloak, can you? I'm teasing, Commander." },
      { say: "Tell me about your soldiers. Are they loyal to you?", lore: ["soldier", "loyal", "legion"] },
      { say: "What do I do for work?", recall: ["stablehand"] },
      { say: "What's my horse called?", recall: ["Juniper"] },
      { say: "Where am I from?", recall: ["Brindle Hollow"] },
      { say: "What was my father's name?", recall: ["Aldous"] },
      { say: "What am I afraid of?", recall: ["dark"] },
      { say: "What smell do I love?", recall: ["rain"] },
    ],
  },
];

/** The long chat: two facts, 24 turns of talk, then both asked back. */
const LONG = {
  character: "caelum-brightscale",
  facts: [
    "I'm a lighthouse keeper on the Isle of Vell, and my sister Brenna breeds hounds.",
    "I hate eels, and my old horse is called Thistle.",
  ],
  filler: [
    "The sky is clear tonight.",
    "Tell me something you like about the valley.",
    "The fire is warm.",
    "Where shall we fly tomorrow?",
    "I brought some bread and cheese for the road.",
    "The wind smells of salt.",
  ],
  asks: [
    { say: "What do I do for a living?", recall: ["lighthouse keeper"] },
    { say: "What's my sister called?", recall: ["Brenna"] },
    { say: "Which food do I hate?", recall: ["eels"] },
    { say: "What was my horse's name?", recall: ["Thistle"] },
  ],
};

/** A premium user with a profile, in a new chat with `character`. */
async function newChat(url, character) {
  const user = await registerUser(url);
  await makePremium(url, user.id);
  const profile = await call(url, "PUT", "/api/profile", {
    cookie: user.cookie,
    body: {
      preferredName: NAME,
      favoriteArchetype: null,
      backstory: "I left home years ago to see the world, and I am still looking for somewhere to belong.",
      personalityTraits: ["curious"],
    },
  });
  if (profile.status !== 200) throw new Error(`profile: ${profile.status} ${profile.text}`);
  return { cookie: user.cookie, chatId: await openChat(url, user.cookie, character) };
}

const contains = (reply, text) => reply.toLowerCase().includes(text.toLowerCase());

/** Plays `turns` in a new chat; returns the replies' repetition, recall and lore, and the replies. */
async function play(url, character, turns) {
  const { cookie, chatId } = await newChat(url, character);
  const earlier = [];
  let sentences = 0;
  let repeated = 0;
  const recall = { asked: 0, hit: 0 };
  const lore = { asked: 0, hit: 0 };
  const transcript = [];
  for (const turn of turns) {
    const reply = (await sendMessage(url, cookie, chatId, turn.say)).json.reply.content;
    transcript.push({ user: turn.say, reply });
    for (const sentence of sentencesOf(reply)) {
      sentences++;
      if (earlier.some((before) => isRepeat(sentence, before, NAME))) repeated++;
      earlier.push(sentence);
    }
    if (turn.recall) {
      recall.asked++;
      if (turn.recall.every((text) => contains(reply, text))) recall.hit++;
    }
    if (turn.lore) {
      lore.asked++;
      if (turn.lore.some((text) => contains(reply, text))) lore.hit++;
    }
  }
  return { repetition: repeated / sentences, sentences, recall, lore, transcript };
}

const ratio = ({ asked, hit }) => (asked === 0 ? NaN : hit / asked);
const percent = (value) => `${(value * 100).toFixed(0)} %`;

const app = await startAppServer({
  env: { PERSONA_SEED: SEED, SEND_LIMIT_PER_MINUTE: "100000" },
  main: process.env.BENCH_APP_MAIN,
});
try {
  const rows = [];
  for (const script of SCRIPTS) {
    const result = await play(app.url, script.character, script.turns);
    rows.push({ character: script.character, ...result });
  }
  const turns = [
    ...LONG.facts.map((say) => ({ say })),
    ...Array.from({ length: 24 }, (_, i) => ({ say: LONG.filler[i % LONG.filler.length] })),
    ...LONG.asks,
  ];
  const long = await play(app.url, LONG.character, turns);

  printTable(
    ["character (12 turns)", "sentences", "repeated", "recall", "lore"],
    rows.map((row) => [
      row.character,
      row.sentences,
      percent(row.repetition),
      `${row.recall.hit}/${row.recall.asked}`,
      `${row.lore.hit}/${row.lore.asked}`,
    ]),
  );
  console.log(
    `\nLong chat (${LONG.character}, ${turns.length} turns, facts past the 40-message window): recall ` +
      `${long.recall.hit}/${long.recall.asked}, repeated ${percent(long.repetition)}.`,
  );
  if (process.env.BENCH_TRANSCRIPT)
    for (const row of [...rows, { character: LONG.character, ...long }]) {
      console.log(`\n### ${row.character}`);
      for (const { user, reply } of row.transcript) console.log(`> ${user}\n${reply}`);
    }
  const allRecall = { asked: 0, hit: 0 };
  for (const row of rows) {
    allRecall.asked += row.recall.asked;
    allRecall.hit += row.recall.hit;
  }
  writeResult("persona", {
    seed: Number(SEED),
    worstRepetition: Math.max(...rows.map((row) => row.repetition)),
    worstRecall: Math.min(...rows.map((row) => ratio(row.recall))),
    recall: ratio(allRecall),
    lore: ratio({
      asked: rows.reduce((sum, row) => sum + row.lore.asked, 0),
      hit: rows.reduce((sum, row) => sum + row.lore.hit, 0),
    }),
    longRecall: ratio(long.recall),
    longRepetition: long.repetition,
    rows: rows.map(({ character, sentences, repetition, recall, lore }) => ({
      character,
      sentences,
      repetition,
      recall: ratio(recall),
      lore: ratio(lore),
    })),
  });
} finally {
  await app.stop();
}
