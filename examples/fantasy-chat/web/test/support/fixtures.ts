import type {
  AdminBilling,
  AdminStats,
  AdminUser,
  Character,
  Chat,
  Message,
  Profile,
  User,
} from "../../src/api/types";

const DAY = 24 * 60 * 60 * 1000;

/** A signed-in user on a running trial with a card saved and age confirmed; override what a test needs. */
export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: "user-1",
    email: "ysolde@example.test",
    emailVerified: true,
    firstName: "Ysolde",
    lastName: "Marrow",
    role: "user",
    ageVerified: true,
    freeMessagesUsed: 1,
    subscriptionStatus: "trial",
    trialEndDate: new Date(Date.now() + 3 * DAY - 60_000).toISOString(),
    paymentMethodSetup: true,
    billingIssue: false,
    createdAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

export const DAY_MS = DAY;

export const CHARACTERS: Character[] = [
  {
    id: "kaelen-nightthorn",
    name: "Kaelen Nightthorn",
    title: "Lord of the Unseelie Court",
    description: "A fae lord of bargains and moonlight.",
    archetype: "dark_fae_lord",
    avatarUrl: "/characters/kaelen-nightthorn.svg",
    tags: ["fae", "court intrigue", "mysterious", "bargains", "moonlight"],
    greeting: "Sit, and tell me what brings you to my court.",
    premium: false,
  },
  {
    id: "riven-ashe",
    name: "Riven Ashe",
    title: "Blade of the Silent Order",
    description: "An assassin who never misses.",
    archetype: "shadow_warrior",
    avatarUrl: "/characters/riven-ashe.svg",
    tags: ["assassin", "brooding", "loyal"],
    greeting: "Don't be afraid. I'm not here for you.",
    premium: false,
  },
  {
    id: "aeron-stormwing",
    name: "Aeron Stormwing",
    title: "Rider of the Tempest Drake",
    description: "He rides the storm.",
    archetype: "dragon_rider",
    // An empty URL: the placeholder image shows.
    avatarUrl: "",
    tags: ["dragons", "adventure", "storms", "daring"],
    greeting: "Hold on to the saddle horn.",
    premium: false,
  },
  {
    id: "rowan-blackwood",
    name: "Rowan Blackwood",
    title: "Knight-Protector of the Queen's Road",
    description: "A gentle knight of the forest.",
    archetype: "devoted_protector",
    avatarUrl: "/characters/rowan-blackwood.svg",
    tags: ["knight"],
    greeting: "Walk with me to the next lantern.",
    premium: false,
  },
  {
    id: "thane-ironheart",
    name: "Thane Ironheart",
    title: "Lord Commander of the Northern Legions",
    description: "Commands the northern wall.",
    archetype: "warrior_general",
    avatarUrl: "/characters/thane-ironheart.svg",
    tags: ["general"],
    greeting: "At ease. The war council is over.",
    premium: false,
  },
];

export const aChat = (overrides: Partial<Chat> = {}): Chat => ({
  id: "chat-1",
  characterId: "kaelen-nightthorn",
  title: "Under the moon",
  lastMessageAt: "2026-11-20T20:00:00.000Z",
  createdAt: "2026-11-20T19:00:00.000Z",
  ...overrides,
});

export const aMessage = (overrides: Partial<Message> = {}): Message => ({
  id: "m-1",
  chatId: "chat-1",
  role: "user",
  content: "Hello",
  createdAt: "2026-11-20T19:00:00.000Z",
  editedAt: null,
  versionIndex: 0,
  versionCount: 1,
  ...overrides,
});

export const PROFILE: Profile = {
  preferredName: "Ysolde",
  favoriteArchetype: null,
  backstory: "",
  personalityTraits: [],
};

export const STATS: AdminStats = {
  totalUsers: 12,
  activeSubscriptions: 4,
  trialUsers: 7,
  totalChats: 30,
  totalMessages: 410,
};

export const ADMIN_USERS: AdminUser[] = [
  {
    id: "u-1",
    firstName: "Ysolde",
    lastName: "Marrow",
    email: "ysolde@example.test",
    role: "admin",
    subscriptionStatus: "active",
    createdAt: "2026-11-01T10:00:00.000Z",
  },
  {
    id: "u-2",
    firstName: "Bran",
    lastName: "",
    email: "bran@example.test",
    role: "user",
    subscriptionStatus: "trial",
    createdAt: "2026-11-02T10:00:00.000Z",
  },
  {
    id: "u-3",
    firstName: "",
    lastName: "",
    email: "cass@example.test",
    role: "user",
    subscriptionStatus: "expired",
    createdAt: "2026-11-03T10:00:00.000Z",
  },
  {
    id: "u-4",
    firstName: "Dara",
    lastName: "Quill",
    email: "dara@example.test",
    role: "user",
    // A status the server does not send (yet): the badge shows it as it comes.
    subscriptionStatus: "past_due" as AdminUser["subscriptionStatus"],
    createdAt: "2026-11-04T10:00:00.000Z",
  },
];

/** A quiet month of billing: two members (one cancelling), one trial, no chart activity but today's signups. */
export function aBilling(overrides: Partial<AdminBilling> = {}): AdminBilling {
  const daily = Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10),
    signups: i === 29 ? 3 : 0,
    messages: i === 29 ? 12 : 0,
    revenue: i === 29 ? 19800 : 0,
  }));
  return {
    mrr: 9900,
    currency: "ZAR",
    active: 2,
    trialing: 1,
    cancelling: 1,
    pastDue: 0,
    trialConversion: { ended: 3, converted: 2, rate: 2 / 3 },
    churn: { ended: 1, rate: 0.25 },
    daily,
    ...overrides,
  };
}
