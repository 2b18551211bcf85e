import { isDeepStrictEqual } from "node:util";
import type { UserRow } from "../auth/session-store.js";
import { findCharacter } from "../characters/character-store.js";
import type { AppContext } from "../context.js";
import { keptContextRows } from "./chat-context-cache.js";
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
 * messages now, the chat's last send here was the same user's and was accepted, with a free message left after it
 * (or a premium user, or a new day), and the kept messages cover what the reply needs. Null otherwise. The model
 * starts thinking while the claim runs; {@link earlyReplyFits} then tells whether the claim read what the reply
 * assumed (else it is cancelled and a reply begun from what was read). Nothing reaches the client before the claim
 * accepts the message.
 *
 * @example
 * const early = startEarlyReply(ctx, { user, chatId, message: content, premium, day });
 */
export async function startEarlyReply(
  ctx: AppContext,
  send: { user: UserRow; chatId: string; message: string; premium: boolean; day: string },
): Promise<EarlyReply | null> {
  const { user, chatId, message, premium, day } = send;
  if (!ctx.replyEngine.startsEarly || ctx.chatContexts.storesInFlight(chatId)) return null;
  const kept = ctx.chatContexts.get(chatId, premium);
  const last = kept?.lastClaim;
  if (!kept || !last || last.userId !== user.id) return null;
  if (!premium && !last.freeLeft && last.day === day) return null;
  const rows = keptContextRows(kept, last.memory?.coveredSeq ?? 0);
  if (rows.unfolded === undefined) return null;
  const character = await findCharacter(ctx, last.characterId);
  if (!character || (character.premium && !premium)) return null;
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
