import { sql } from "drizzle-orm";
import {
  BILLING_MAX_PARAM_LENGTH,
  billingFrameworkErrors,
  startPeriodicWorker,
} from "@purchases-web/billing-server";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from "fastify";
import { adminRoutes } from "./admin/admin-routes.js";
import { characterImportRoutes } from "./admin/character-import-routes.js";
import { authRoutes } from "./auth/auth-routes.js";
import { installAuthentication } from "./auth/authenticate.js";
import { loginPageRoutes } from "./auth/login-page.js";
import { oidcRoutes } from "./auth/oidc-routes.js";
import { SessionStore } from "./auth/session-store.js";
import { billingWebhookRoutes } from "./billing/billing-webhook-routes.js";
import { mountBilling, type BillingMount } from "./billing/mount-billing.js";
import { characterRoutes } from "./characters/character-routes.js";
import { seedCharacters } from "./characters/seed-characters.js";
import { CharacterSnapshot } from "./characters/character-snapshot.js";
import { chatRoutes } from "./chats/chat-routes.js";
import { messageEditRoutes } from "./chats/message-edit-routes.js";
import { messageRoutes } from "./chats/message-routes.js";
import { isAdjustableClock, systemClock, type Clock } from "./clock.js";
import type { AppConfig } from "./config.js";
import type { AppContext } from "./context.js";
import type { AppDatabase } from "./db/database.js";
import { housekeep } from "./db/housekeeping.js";
import { notFound } from "./http/api-error.js";
import { installErrorHandler } from "./http/error-handler.js";
import { frameworkErrors } from "./http/framework-errors.js";
import { installLenientJsonParser } from "./http/json-body.js";
import type { ChatContextCache } from "./chats/chat-context-cache.js";
import { CHAT_CHANGED_CHANNEL } from "./chats/chat-page-cache.js";
import { SendStore } from "./chats/send-store.js";
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimits } from "./http/rate-limiter.js";
import { installSameOriginGuard } from "./http/same-origin-guard.js";
import { installSecurityHeaders } from "./http/security-headers.js";
import { appPaths } from "./paths.js";
import { callbackRoutes } from "./payments/callback-routes.js";
import type { PaymentGateway } from "./payments/gateways/payment-gateway.js";
import { paymentRoutes } from "./payments/payment-routes.js";
import { PaystackGateway } from "./payments/gateways/paystack-gateway.js";
import { paystackWebhookRoutes } from "./payments/paystack-webhook-routes.js";
import { startRenewalWorker } from "./payments/renewal-worker.js";
import { SANDBOX_PREFIX, SandboxGateway } from "./payments/gateways/sandbox-gateway.js";
import { sandboxRoutes } from "./payments/gateways/sandbox-routes.js";
import { trialRoutes } from "./payments/trial-routes.js";
import { createMailer, type Mailer } from "./mail/mailer.js";
import { emailRoutes } from "./auth/email-routes.js";
import { adminSetupRoutes, offerAdminSetup } from "./auth/admin-setup.js";
import { subscriptionRoutes } from "./subscription/subscription-routes.js";
import { profileRoutes } from "./profile/profile-routes.js";
import { sweepCrisisData } from "./safety/crisis-sweep.js";
import { modelModeration } from "./safety/model-moderation.js";
import { safetyRules, type SafetyCheck } from "./safety/safety-check.js";
import { createOpenAiEngine } from "./replies/openai-engine.js";
import { createPersonaEngine } from "./replies/persona-engine.js";
import type { ReplyEngine } from "./replies/reply-engine.js";
import { ReplyScheduler, scheduledEngine } from "./replies/reply-scheduler.js";
import { BILLING_PREFIX, clientConfigOf, systemRoutes } from "./system/system-routes.js";
import { testControlRoutes } from "./system/test-control-routes.js";
import { webClient } from "./web/web-client.js";

/** Everything the app is made of; tests pass their own clock, engines and databases. */
export interface BuildAppOptions {
  config: AppConfig;
  /** The app's database, migrated; the caller closes it after `app.close()`. */
  database: AppDatabase;
  /** The billing server to mount under `/billing`; not mounted when absent. */
  billing?: BillingMount | null;
  clock?: Clock;
  /** By default the OpenAI-compatible engine when LLM_BASE_URL is set, else the persona engine. */
  replyEngine?: ReplyEngine;
  /** By default the built-in safety rules, plus the model server's `/moderations` when LLM_MODERATION is on. */
  safety?: SafetyCheck;
  /** The mailer; by default SMTP_URL's, or the log in development (and the outbox with NODE_ENV=test). */
  mailer?: Mailer;
  /** The card payment gateway; by default Paystack when PAYSTACK_SECRET_KEY is set, else the built-in sandbox. */
  paymentGateway?: PaymentGateway;
  /** The renewal worker's interval (60 s by default), or false to run none (tests call `runRenewals`). */
  renewals?: { intervalMs: number } | false;
  /** Overrides of the rate limits (tests that register many users from one IP raise `register`). */
  rateLimits?: Partial<RateLimits>;
  /**
   * How long a client may take to send a whole request (headers and body), 30 s by default: a slowly dripped body
   * must not hold a socket for minutes.
   */
  requestTimeoutMs?: number;
  /** Fastify's logger option; off by default. */
  logger?: FastifyServerOptions["logger"];
  /** Where the web client and the portraits are read from. */
  paths?: { webDist: string; public: string };
  /** The chats' kept reply contexts; a new cache by default (tests pass one to look into it). */
  chatContexts?: ChatContextCache;
  /** How long a send's changed chat waits to share a notification with others (10 ms by default). */
  chatNoticeDelayMs?: number;
  /**
   * Told the first-admin setup link while no account is an admin (`{origin}/admin-setup?token=…`); by default it is
   * logged as a warning, for the operator's console.
   */
  announceAdminSetup?: (link: string) => void;
}

/** The request body limit: 1 MiB. */
export const BODY_LIMIT = 1024 * 1024;
/** The time a client has to send its whole request. */
export const REQUEST_TIMEOUT_MS = 30_000;
const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;
const MODERATION_TIMEOUT_MS = 10_000;

/** The configured reply engine: the model server when LLM_BASE_URL is set, else the embedded persona engine. */
function defaultReplyEngine(config: AppConfig): ReplyEngine {
  if (!config.llm) return createPersonaEngine({ seed: config.personaSeed });
  return createOpenAiEngine(config.llm);
}

/** The built-in rules, checked first, then the model server's moderation endpoint when LLM_MODERATION is on. */
function defaultSafety(config: AppConfig, log: FastifyBaseLogger): SafetyCheck {
  if (!config.llm?.moderation) return safetyRules;
  return modelModeration({
    baseUrl: config.llm.baseUrl,
    apiKey: config.llm.apiKey,
    model: config.llm.moderationModel,
    timeoutMs: MODERATION_TIMEOUT_MS,
    log,
  });
}
const RENEWAL_INTERVAL_MS = 60_000;

/** What every route module gets: the database, configuration, stores, limits, engines and caches. */
function createContext(app: FastifyInstance, options: BuildAppOptions, clock: Clock): AppContext {
  const { config, database } = options;
  const gateway =
    options.paymentGateway ??
    (config.paystack ? new PaystackGateway(config.paystack) : new SandboxGateway(database.db, clock));
  const safety = options.safety ?? defaultSafety(config, app.log);
  return {
    db: database.db,
    config,
    clock,
    sessions: new SessionStore(database.db, clock, config.sessionSecret),
    limiter: new RateLimiter(database.db, clock, config.sessionSecret),
    limits: {
      ...DEFAULT_RATE_LIMITS,
      send: { ...DEFAULT_RATE_LIMITS.send, limit: config.sendLimitPerMinute },
      ...options.rateLimits,
    },
    safety,
    // Every engine goes through the scheduler: bounded concurrency, premium requests first when busy.
    replyEngine: scheduledEngine(
      options.replyEngine ?? defaultReplyEngine(config),
      new ReplyScheduler(config.llmConcurrency),
    ),
    gateway,
    log: app.log,
    mailer: options.mailer ?? createMailer(config, app.log, clock),
    characters: new CharacterSnapshot(database.db, clock),
    sends: new SendStore({
      db: database.db,
      publish:
        database.kind === "postgres"
          ? (payload) => database.db.execute(sql`select pg_notify(${CHAT_CHANGED_CHANNEL}, ${payload})`)
          : null,
      log: app.log,
      noticeDelayMs: options.chatNoticeDelayMs,
      contexts: options.chatContexts,
    }),
  };
}

/**
 * Builds the Realmheart server: the API under `/api`, the billing server under `/billing` and the web client
 * at `/`, with security headers and JSON errors everywhere. Seeds the characters. Does not listen.
 *
 * @example
 * const app = await buildApp({ config: loadConfig(process.env), database: await openAppDatabase() });
 * await app.listen({ port: 3000 });
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    // Node ignores the request timeout unless the headers' one is no longer, and checks both on an interval.
    http: {
      headersTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, 30_000),
    },
    // A hop count trusts that many proxies nearest the app (hop 0 is the socket's peer), as Fastify documents.
    trustProxy:
      typeof config.trustProxy === "number"
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    routerOptions: { maxParamLength: BILLING_MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrors(options.billing ? { [BILLING_PREFIX]: billingFrameworkErrors } : {}),
  });
  const ctx = createContext(app, options, clock);
  await seedCharacters(database.db);
  // Messages stored before they were assessed (or by older rules): marked, and what was taken from them removed.
  const swept = await sweepCrisisData(database.db, clock.now());
  if (swept && Object.values(swept).some((count) => count > 0)) app.log.info({ swept }, "crisis sweep done");
  app.addHook("onClose", async () => ctx.sessions.close());
  const unlisten = await database.listen(CHAT_CHANGED_CHANNEL, ctx.sends.changesListener());
  app.addHook("onClose", async () => unlisten());
  app.addHook("onClose", async () => ctx.sends.flush());

  installSecurityHeaders(app);
  installErrorHandler(app);

  await app.register(
    async (api) => {
      installLenientJsonParser(api);
      installSameOriginGuard(api);
      // API answers are private (a user, their chats, their billing) unless a route says otherwise (portraits).
      api.addHook("onSend", async (_request, reply) => {
        if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
      });
      installAuthentication(api, ctx.sessions);
      api.setNotFoundHandler(async () => {
        throw notFound();
      });
      if (config.nodeEnv === "test" && isAdjustableClock(clock)) {
        await api.register(testControlRoutes, { ctx, clock });
      }
      for (const routes of [
        systemRoutes,
        config.oidc ? oidcRoutes : loginPageRoutes,
        authRoutes,
        characterRoutes,
        chatRoutes,
        messageRoutes,
        messageEditRoutes,
        profileRoutes,
        adminRoutes,
        characterImportRoutes,
        paymentRoutes,
        trialRoutes,
        subscriptionRoutes,
        emailRoutes,
        adminSetupRoutes,
        // These two read their bodies raw (to check signatures); each is its own plugin, so the raw parser stays
        // theirs.
        paystackWebhookRoutes,
        billingWebhookRoutes,
      ]) {
        await api.register(routes, { ctx });
      }
    },
    { prefix: "/api" },
  );

  await app.register(callbackRoutes, { ctx });
  if (ctx.gateway instanceof SandboxGateway)
    await app.register(sandboxRoutes, { prefix: SANDBOX_PREFIX, gateway: ctx.gateway });
  if (options.billing) await mountBilling(app, options.billing, { clock, config });
  await webClient(app, {
    webDistDir: options.paths?.webDist ?? appPaths.webDist,
    publicDir: options.paths?.public ?? appPaths.public,
    clientConfig: clientConfigOf(ctx),
  });

  const housekeeping = startPeriodicWorker(
    HOUSEKEEPING_INTERVAL_MS,
    () => housekeep(database, clock.now()),
    (error) => app.log.warn({ err: error }, "housekeeping failed"),
  );
  app.addHook("onClose", () => housekeeping.stop());
  await housekeeping.tick();

  const setupToken = await offerAdminSetup(ctx);
  if (setupToken) {
    const link = `${config.publicUrl ?? `http://localhost:${config.port}`}/admin-setup?token=${setupToken}`;
    const announce =
      options.announceAdminSetup ??
      ((url: string) =>
        app.log.warn(
          `No admin yet. Sign in with the account that should run Realmheart, then open ${url} (once; a restart prints a new link)`,
        ));
    announce(link);
  }

  if (options.renewals !== false) {
    const renewals = options.renewals ?? { intervalMs: RENEWAL_INTERVAL_MS };
    const worker = startRenewalWorker(ctx, renewals.intervalMs);
    app.addHook("onClose", () => worker.stop());
  }
  return app;
}
