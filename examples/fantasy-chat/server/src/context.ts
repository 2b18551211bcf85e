import type { FastifyBaseLogger } from "fastify";
import type { SessionStore } from "./auth/session-store.js";
import type { Clock } from "./clock.js";
import type { AppConfig } from "./config.js";
import type { AppDb } from "./db/database.js";
import type { RateLimiter, RateLimits } from "./http/rate-limiter.js";
import type { Mailer } from "./mail/mailer.js";
import type { CharacterSnapshot } from "./characters/character-snapshot.js";
import type { ChatChangeNotices } from "./chats/chat-change-notices.js";
import type { ChatContextCache } from "./chats/chat-context-cache.js";
import type { ChatPageCache } from "./chats/chat-page-cache.js";
import type { ReplyStores, SendClaims } from "./chats/send-groups.js";
import type { PaymentGateway } from "./payments/gateways/payment-gateway.js";
import type { ReplyEngine } from "./replies/reply-engine.js";
import type { SafetyCheck } from "./safety/safety-check.js";

/** What route modules need, built once by `buildApp` and passed to each. */
export interface AppContext {
  db: AppDb;
  config: AppConfig;
  clock: Clock;
  sessions: SessionStore;
  limiter: RateLimiter;
  limits: RateLimits;
  /** The safety assessment of every user text, before anything else reads it. */
  safety: SafetyCheck;
  replyEngine: ReplyEngine;
  /** Paystack, or the built-in sandbox gateway. */
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
  /** Verification and password-reset mails. */
  mailer: Mailer;
  /** The characters, served from memory. */
  characters: CharacterSnapshot;
  /** Chats' latest pages, served from memory until their messages change. */
  chatPages: ChatPageCache;
  /** The chats this instance's sends changed, published to the other instances in batches. */
  chatNotices: ChatChangeNotices;
  /** Chats' reply contexts as this instance's last send left them, used while their revision is unchanged. */
  chatContexts: ChatContextCache;
  /** Character replies being stored, grouped into one statement when they finish together. */
  replyStores: ReplyStores;
  /** Sends' claims, grouped into one statement per kind when they are made together. */
  sendClaims: SendClaims;
}
