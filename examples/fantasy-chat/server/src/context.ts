import type { FastifyBaseLogger } from "fastify";
import type { SessionStore } from "./auth/session-store.js";
import type { Clock } from "./clock.js";
import type { AppConfig } from "./config.js";
import type { AppDb } from "./db/database.js";
import type { RateLimiter, RateLimits } from "./http/rate-limiter.js";
import type { Mailer } from "./mail/mailer.js";
import type { CharacterSnapshot } from "./characters/character-snapshot.js";
import type { SendStore } from "./chats/send-store.js";
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
  /**
   * What sends write (claims, messages, replies, grouped into shared statements) and the memory behind them (the
   * chats' kept reply contexts and latest pages, the change notices other instances hear).
   */
  sends: SendStore;
}
