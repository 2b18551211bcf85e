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
// Issue #47 adds five chats with other characters (three of them premium characters of the same archetype as a free
// one above) whose users introduce themselves as people do ("Just a healer from Cape Town, really.", "I travelled
// from Soweto", "I have two kids", "I'm into jazz"), ask the character direct questions ("what do you do all day?")
// and then ask their facts back, in phrasings the scripts above do not use. Over every chat:
//
// - natural recall: asks of the new chats whose reply says the fact back ÷ such asks (a reply that says it was never
//   told counts as a miss);
// - questions answered: direct questions whose reply begins with an answer — its first sentence a statement sharing a
//   word (stemmed, or one of its family, topic-words.ts; "what", "you", "do"… left out) with the question ÷ such
//   questions;
// - shared sentences: reply sentences of one character that repeat (`isRepeat`) a sentence of another character;
// - named: replies holding the user's name ÷ all replies; question endings: replies ending with "?" ÷ all replies;
// - recited: recall replies holding a told fact in the words the memory keeps it ÷ recall replies.
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
import { overlap, plainWords, stem } from "../dist/server/replies/topic-words.js";
import { extractFacts } from "../dist/server/memory/remembered-facts.js";

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

/**
 * Natural self-introductions and direct questions (issue #47), in phrasings the scripts above do not use. A turn with
 * `question` asks the character something; its reply must begin with an answer (see the header).
 */
const NATURAL = [
  {
    character: "veyr-thornecrown",
    turns: [
      { say: "Evening. Just a healer from Cape Town, really, nothing grand." },
      { say: "What do you do all day up here?", question: true },
      { say: "I travelled from Soweto to find this place, and I have two kids waiting at home." },
      { say: "Do you like the sea?", question: true },
      { say: "Where did I come from, again?", recall: ["Soweto"] },
      { say: "Do you know what I do?", recall: ["healer"] },
      { say: "How many children have I got?", recall: ["two kids"] },
      { say: "Where is my home town?", recall: ["Cape Town"] },
    ],
  },
  {
    character: "lyra-emberheart",
    turns: [
      { say: "Hi! I grew up in Durban, and I'm into jazz more than is healthy." },
      { say: "Where were you born?", question: true },
      { say: "My sister Lerato keeps telling me to stop chasing dragons." },
      { say: "Are you afraid of anything?", question: true },
      { say: "Which city did I grow up in?", recall: ["Durban"] },
      { say: "What music am I into?", recall: ["jazz"] },
      { say: "And my sister, what is her name?", recall: ["Lerato"] },
      { say: "How do you spend your evenings?", question: true },
    ],
  },
  {
    character: "elias-hale",
    turns: [
      { say: "I work as a nurse in Soweto, and honestly I love hiking on my days off." },
      { say: "How are you tonight?", question: true },
      { say: "I'm a mother of three, so I rarely sleep." },
      { say: "Do you ever get lonely at the gate?", question: true },
      { say: "What's my line of work?", recall: ["nurse"] },
      { say: "Remind me where I work?", recall: ["Soweto"] },
      { say: "What do I love doing on my days off?", recall: ["hiking"] },
      { say: "How many children do I have?", recall: ["three"] },
    ],
  },
  {
    character: "nyx-varanis",
    turns: [
      { say: "I'm originally from Polokwane, and I'm a big fan of old detective novels." },
      { say: "What do you like most about the city?", question: true },
      { say: "Spiders terrify me, and I have a little brother named Kabelo." },
      { say: "Do you dance?", question: true },
      { say: "Where am I from originally?", recall: ["Polokwane"] },
      { say: "What kind of books do I like?", recall: ["detective"] },
      { say: "What scares me?", recall: ["spiders"] },
      { say: "What's my little brother called?", recall: ["Kabelo"] },
    ],
  },
  {
    character: "riven-ashe",
    turns: [
      { say: "I moved here from Port Elizabeth last spring, and I run a small bakery." },
      { say: "What is your favourite weapon?", question: true },
      { say: "I spend my weekends fishing with my dad." },
      { say: "Can you teach me to move quietly?", question: true },
      { say: "Where did I move from?", recall: ["Port Elizabeth"] },
      { say: "What do I run?", recall: ["bakery"] },
      { say: "What do I do at the weekend?", recall: ["fishing"] },
      { say: "Why did you leave your order?", question: true },
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
  const questions = { asked: 0, hit: 0 };
  const told = [];
  let named = 0;
  let questionEndings = 0;
  let recited = 0;
  const transcript = [];
  for (const turn of turns) {
    const reply = (await sendMessage(url, cookie, chatId, turn.say)).json.reply.content;
    transcript.push({ user: turn.say, reply });
    told.push(...extractFacts(turn.say).map((fact) => fact.text.toLowerCase()));
    if (reply.includes(NAME)) named++;
    if (reply.trim().endsWith("?")) questionEndings++;
    if (turn.question) {
      questions.asked++;
      if (answers(turn.say, reply)) questions.hit++;
    }
    if (turn.recall && told.some((fact) => contains(reply, fact))) recited++;
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
  return {
    repetition: repeated / sentences,
    sentences,
    said: earlier,
    recall,
    lore,
    questions,
    named,
    questionEndings,
    recited,
    transcript,
  };
}

// Words a question is made of that say nothing of its topic (topic-words.ts leaves out more: "day", "like").
const ASKING = new Set(
  "what do does did you your yours are is was were the a an of to in on at for with how why where when who which can could would will have has had any anything ever up here there all me my i and or".split(
    " ",
  ),
);
const askedWords = (text) =>
  plainWords(text)
    .filter((word) => !ASKING.has(word))
    .map(stem);

/** Whether a reply begins with an answer: its first sentence a statement on the question's topic. */
function answers(question, reply) {
  const first = sentencesOf(reply)[0] ?? "";
  return !first.endsWith("?") && overlap(askedWords(question), askedWords(first)) >= 1;
}

/** Sentences of one character's replies that repeat a sentence another character said, over every chat. */
function sharedSentences(chats) {
  const shared = [];
  for (let i = 0; i < chats.length; i++)
    for (const sentence of chats[i].said)
      for (let j = 0; j < chats.length; j++) {
        if (chats[j].character === chats[i].character) continue;
        const other = chats[j].said.find((before) => isRepeat(sentence, before, NAME));
        if (other && j > i) shared.push({ a: chats[i].character, b: chats[j].character, sentence, other });
      }
  return shared;
}

const sum = (rows, pick) => rows.reduce((total, row) => total + pick(row), 0);

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
  const natural = [];
  for (const script of NATURAL) {
    const result = await play(app.url, script.character, script.turns);
    natural.push({ character: script.character, ...result });
  }
  const chats = [...rows, { character: LONG.character, ...long }, ...natural];
  const shared = sharedSentences(chats);
  const replies = sum(chats, (chat) => chat.transcript.length);
  const recallAsked = sum(chats, (chat) => chat.recall.asked);
  const natRecall = { asked: sum(natural, (c) => c.recall.asked), hit: sum(natural, (c) => c.recall.hit) };
  const questionsAll = {
    asked: sum(chats, (c) => c.questions.asked),
    hit: sum(chats, (c) => c.questions.hit),
  };

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
  printTable(
    ["natural chat (issue #47)", "sentences", "repeated", "recall", "questions answered", "named"],
    natural.map((row) => [
      row.character,
      row.sentences,
      percent(row.repetition),
      `${row.recall.hit}/${row.recall.asked}`,
      `${row.questions.hit}/${row.questions.asked}`,
      `${row.named}/${row.transcript.length}`,
    ]),
  );
  console.log(
    `\nAll ${chats.length} chats, ${replies} replies: named ${percent(sum(chats, (c) => c.named) / replies)}, ` +
      `ending with a question ${percent(sum(chats, (c) => c.questionEndings) / replies)}, sentences shared ` +
      `between characters ${shared.length}, recall replies reciting a fact ${sum(chats, (c) => c.recited)}/${recallAsked}.`,
  );
  for (const { a, b, sentence, other } of shared)
    console.log(`  shared: ${a} "${sentence}" ~ ${b} "${other}"`);
  if (process.env.BENCH_TRANSCRIPT)
    for (const row of chats) {
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
    naturalRecall: ratio(natRecall),
    questionsAnswered: ratio(questionsAll),
    sharedSentences: shared.length,
    namedReplies: sum(chats, (c) => c.named) / replies,
    questionEndings: sum(chats, (c) => c.questionEndings) / replies,
    recitedRecall: sum(chats, (c) => c.recited) / recallAsked,
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
