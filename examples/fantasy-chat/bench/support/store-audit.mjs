// What a soak left in Realmheart's database, read directly (not through the API), and checked against what the
// server told the clients: every accepted message stored as sent, nothing stored that was not acknowledged, no
// duplicates, and no user without an active subscription over the free allowance on any UTC day.
import { FREE_MESSAGES_PER_DAY } from "./virtual-user.mjs";

/**
 * Reads the rows the audit needs; `query(sql)` resolves with the rows (PGlite's `query` or pg's, unwrapped).
 *
 * @example
 * const store = await readStore(async (sql) => (await client.query(sql)).rows);
 */
export async function readStore(query) {
  return {
    messages: await query(
      `select m.id, m.chat_id as "chatId", m.role, m.content, m.created_at as "createdAt", c.user_id as "userId"
       from messages m join chats c on c.id = m.chat_id`,
    ),
    usage: await query(`select user_id as "userId", day::text as day, count from daily_message_usage`),
    // When each user became premium: the settlement of their subscription payment.
    upgrades: await query(
      `select user_id as "userId", min(settled_at) as "settledAt" from payments
       where kind = 'subscription' and status = 'success' group by user_id`,
    ),
  };
}

const dayOf = (date) => new Date(date).toISOString().slice(0, 10);

/**
 * Checks the `accepted` messages (as the recorder filed them) against `store` (from {@link readStore}). A user
 * message counts against the free allowance when its user had no settled subscription yet when it was stored.
 *
 * @example
 * auditStore({ accepted: recorder.accepted, store }).missing; // 0 when every accepted message is stored
 */
export function auditStore({ accepted, store }) {
  const byId = new Map(store.messages.map((row) => [row.id, row]));
  const userRows = store.messages.filter((row) => row.role === "user");
  const acceptedIds = new Set(accepted.map((message) => message.id));

  const missing = accepted.filter((message) => !byId.has(message.id));
  const altered = accepted.filter((message) => {
    const row = byId.get(message.id);
    return row && (row.role !== "user" || row.chatId !== message.chatId || row.content !== message.content);
  });
  const repliesMissing = accepted.filter(
    (message) => !message.replyId || byId.get(message.replyId)?.role !== "character",
  );
  const unacknowledged = userRows.filter((row) => !acceptedIds.has(row.id));

  // Every send carries a unique text, so the same text twice in a chat is the same message stored twice.
  const copies = new Map();
  for (const row of userRows) {
    const key = `${row.chatId}\n${row.content}`;
    copies.set(key, (copies.get(key) ?? 0) + 1);
  }
  const duplicates = [...copies.values()].filter((n) => n > 1).reduce((sum, n) => sum + n - 1, 0);

  const premiumFrom = new Map(store.upgrades.map((row) => [row.userId, new Date(row.settledAt).getTime()]));
  const freePerDay = new Map();
  for (const row of userRows) {
    const from = premiumFrom.get(row.userId);
    if (from !== undefined && new Date(row.createdAt).getTime() >= from) continue;
    const key = `${row.userId} ${dayOf(row.createdAt)}`;
    freePerDay.set(key, (freePerDay.get(key) ?? 0) + 1);
  }
  const overAllowance = [...freePerDay].filter(([, n]) => n > FREE_MESSAGES_PER_DAY);
  const counters = new Map(store.usage.map((row) => [`${row.userId} ${row.day}`, Number(row.count)]));
  // The quota's own counter must agree with the messages it let through (the persona engine always answers,
  // so nothing is refunded).
  const counterMismatches = [...new Set([...counters.keys(), ...freePerDay.keys()])].filter(
    (key) => (counters.get(key) ?? 0) !== (freePerDay.get(key) ?? 0),
  );

  return {
    accepted: accepted.length,
    storedUserMessages: userRows.length,
    storedReplies: store.messages.length - userRows.length,
    missing: missing.length,
    altered: altered.length,
    repliesMissing: repliesMissing.length,
    unacknowledged: unacknowledged.length,
    duplicates,
    freeUserDays: freePerDay.size,
    maxFreePerUserDay: Math.max(0, ...freePerDay.values()),
    maxCounter: Math.max(0, ...counters.values()),
    overAllowance: overAllowance.length,
    counterMismatches: counterMismatches.length,
    examples: {
      missing: missing.slice(0, 5),
      altered: altered.slice(0, 5),
      unacknowledged: unacknowledged.slice(0, 5).map(({ id, chatId, content }) => ({ id, chatId, content })),
      overAllowance: overAllowance.slice(0, 5),
      counterMismatches: counterMismatches
        .slice(0, 5)
        .map((key) => ({ key, counter: counters.get(key) ?? 0, stored: freePerDay.get(key) ?? 0 })),
    },
  };
}
