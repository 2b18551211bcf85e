import { isDeepStrictEqual } from "node:util";
import type { UserRow } from "../auth/session-store.js";
import { findCharacter } from "../characters/character-store.js";
import type { AppContext } from "../context.js";
import { utcDay } from "../users/free-allowance.js";
import { keptContextRows } from "./chat-context-cache.js";
import { judgeReply, userFacts } from "./judge-reply.js";
import { replyRequestFrom, type PreparedReply, type ReplyContextRow } from "./reply-context.js";
import { startReply, type StartedReply } from "./started-reply.js";

/**
 * A reply begun from what this instance kept of the chat before the send's claim returned (see
 * {@link startEarlyReply}), with what it assumed: the chat's revision, its character, the profile and the memory.
 */
export interface EarlyReply {
  revision: number;
  characterId: string;
  context: Pick<ReplyContextRow, "profile" | "memory">;
  prepared: PreparedReply;
  started: StartedReply;
}

/**
 * Begins a send's reply from what this instance kept of the chat, before its claim returns, when that pays and is
 * likely to be right: the engine waits on a model server (`startsEarly`), this instance stores none of the chat's
 * messages now, the chat's last send here was the same user's and was accepted, the kept messages cover what the
 * reply needs, and the judge gives a role-play reply on what was kept (the character, a free message left after
 * that send, or a premium user, or a new day). Null otherwise. The model
 * starts thinking while the claim runs; {@link earlyReplyFits} then tells whether the claim read what the reply
 * assumed (else it is cancelled and a reply begun from what was read). Nothing reaches the client before the claim
 * accepts the message.
 *
 * @example
 * const early = startEarlyReply(ctx, { user, chatId, message: content, now });
 */
export async function startEarlyReply(
  ctx: Pick<AppContext, "replyEngine" | "sends" | "characters">,
  send: { user: UserRow; chatId: string; message: string; now: Date },
): Promise<EarlyReply | null> {
  const { user, chatId, message, now } = send;
  const facts = userFacts(user, now);
  const { premium } = facts;
  if (!ctx.replyEngine.startsEarly) return null;
  const kept = ctx.sends.keptContext(chatId, premium);
  const last = kept?.lastClaim;
  if (!kept || !last || last.userId !== user.id) return null;
  const rows = keptContextRows(kept, last.memory?.coveredSeq ?? 0);
  if (rows.unfolded === undefined) return null;
  const character = await findCharacter(ctx, last.characterId);
  if (!character) return null;
  // The message was judged fit for a reply before this began; what was kept decides the rest.
  const verdict = judgeReply({
    assessment: { verdict: "ok" },
    ...facts,
    characterPremium: character.premium,
    freeMessageLeft: last.freeLeft || last.day !== utcDay(now),
  });
  if (verdict.verdict !== "reply") return null;
  const context: ReplyContextRow = {
    ...rows,
    unfolded: rows.unfolded,
    profile: last.profile,
    memory: last.memory,
  };
  const prepared = await replyRequestFrom(ctx, { user, chatId, character, premium, message }, context);
  return {
    revision: kept.revision,
    characterId: character.id,
    context: { profile: last.profile, memory: last.memory },
    prepared,
    started: startReply(ctx.replyEngine, prepared.request),
  };
}

/**
 * Whether an early reply was built from exactly the context the send's claim read: the same revision of the
 * chat (so the same messages), the same character, profile and memory. Then its request is the one the claim's
 * context gives.
 */
export function earlyReplyFits(
  early: EarlyReply,
  claimed: { revision: number; characterId: string; context: ReplyContextRow },
): boolean {
  return (
    early.revision === claimed.revision &&
    early.characterId === claimed.characterId &&
    isDeepStrictEqual(early.context.profile, claimed.context.profile) &&
    isDeepStrictEqual(early.context.memory, claimed.context.memory)
  );
}
