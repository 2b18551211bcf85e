import { BlockList, isIP } from "node:net";
import { randomBytes } from "node:crypto";
import type { StripeOptions } from "@purchases-web/billing-server";
import { z } from "zod";

/** The payment provider the app uses: Paystack when a secret key is configured, else the built-in sandbox. */
export type PaymentProvider = "sandbox" | "paystack";

/** The server's configuration, read from the environment once at start. */
export interface AppConfig {
  port: number;
  host: string;
  /** Embedded databases live in `${dataDir}/app` and `${dataDir}/billing`. */
  dataDir: string;
  /** PostgreSQL for both the app and the billing server; null means embedded PGlite. */
  databaseUrl: string | null;
  /** Lower-cased; these accounts are made admins when they register or sign in. */
  adminEmails: ReadonlySet<string>;
  /** Keys the HMAC of session tokens and rate-limit keys. */
  sessionSecret: string;
  /** True when SESSION_SECRET was absent and a random one was made for this process. */
  sessionSecretGenerated: boolean;
  nodeEnv: "development" | "production" | "test";
  /**
   * Which reverse proxies' X-Forwarded-* headers are believed (client IP for rate limits, scheme, host): false
   * (none), a hop count (the last n proxies), or their addresses, CIDR ranges and proxy-addr's names `loopback`,
   * `linklocal` and `uniquelocal`, comma-separated — as Fastify's `trustProxy` takes them. Never "any", nor ranges
   * so broad that they come close to it (see {@link tooBroadForProxies}): that lets a client choose its own IP.
   */
  trustProxy: false | number | string;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** The SDK's public API key given to the web client. */
  sdkApiKey: string;
  paymentProvider: PaymentProvider;
  /**
   * True when a payment may be simulated (the sandbox gateway, or a `test_`/`rcb_sb_` SDK key) while
   * `NODE_ENV=production`: only with `ALLOW_SANDBOX_PAYMENTS=true`, and the web client then says so on every page.
   */
  sandboxPaymentsInProduction: boolean;
  /** Paystack's secret key and API base; null when the sandbox gateway is used. */
  paystack: { secretKey: string; baseUrl: string } | null;
  /**
   * The origin browsers use to reach the app (`https://realmheart.example`), for the gateway's return URLs; null
   * means the origin of the request that starts the payment.
   */
  publicUrl: string | null;
  /**
   * Without PUBLIC_URL (development, tests): the hosts a request may name for its return URLs; loopback names are
   * always allowed. Any other Host gets `http://localhost:{port}`.
   */
  allowedHosts: ReadonlySet<string>;
  /** Where mail goes out (`smtp://user:pass@host:587`, `smtps://…`); null: development prints mails to the log. */
  smtpUrl: string | null;
  /** The sender of the app's mails. */
  mailFrom: string;
  /** Authenticates and signs the billing server's webhooks to `/api/webhooks/billing`. */
  billingWebhookSecret: string;
  /** OpenID Connect sign-in in place of local accounts; null for local accounts. */
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | null;
  /** An OpenAI-compatible model server for replies; null means the embedded persona engine. */
  llm: LlmConfig | null;
  /** How many replies are produced at once; premium requests wait less when all are busy. */
  llmConcurrency: number;
  /** Messages (sends and regenerations) a user may send per minute; 30 unless the operator says otherwise. */
  sendLimitPerMinute: number;
  /** The persona engine's seed: the same seed gives the same replies to the same conversation. */
  personaSeed: number;
  /** Card checkout of the mounted billing server (SDK purchases with `rcb_`/`rcb_sb_` keys); null: Test Store only. */
  stripe: StripeOptions | null;
}

/** The OpenAI-compatible model server (`LLM_*`). */
export interface LlmConfig {
  /** The API base including `/v1`, without a trailing slash: `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …`; null for servers that need none. */
  apiKey: string | null;
  model: string;
  /** The model's context window; the prompt gets what `maxTokens` leaves of it. */
  contextTokens: number;
  /** The most tokens a reply may have. */
  maxTokens: number;
  /** How long the server may stay silent: until the answer starts, and between two chunks. */
  timeoutMs: number;
  /** Moderate messages through the server's `/moderations` as well as the built-in rules. */
  moderation: boolean;
  moderationModel: string | null;
}

/** Thrown when the environment cannot be used; its message lists every problem, one per line. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** proxy-addr's names for fixed private ranges (127/8 and ::1, 169.254/16 and fe80::/10, 10/8 and the like). */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** `::ffff:0:0/96`: IPv4 addresses written as IPv6, which proxy-addr matches against IPv4 clients. */
const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet("::ffff:0:0", 96, "ipv6");

/**
 * The shortest prefix a TRUST_PROXY range may have; all ranges of a family together may cover at most sixteen of
 * these.
 */
const WIDEST_PROXY_PREFIX = { ipv4: 8, ipv6: 16 } as const;

/**
 * An IPv4 or IPv6 address, optionally with a CIDR prefix length, as the range of clients it trusts; null for anything
 * else (netmasks such as `/255.0.0.0` included: a prefix length says the same plainly). An IPv6 range that reaches into
 * `::ffff:0:0/96` holds IPv4 clients, so it counts as the IPv4 range it maps: `::ffff:10.0.0.0/104` is 10.0.0.0/8,
 * and `::ffff:0:0/96` or `::/16` is all of IPv4.
 */
function proxyRangeOf(text: string): { family: "ipv4" | "ipv6"; prefix: number } | null {
  const [address = "", written, extra] = text.split("/");
  const kind = isIP(address);
  if (kind === 0 || extra !== undefined || (written !== undefined && !/^\d{1,3}$/.test(written))) return null;
  const bits = kind === 4 ? 32 : 128;
  const prefix = written === undefined ? bits : Number(written);
  if (prefix > bits) return null;
  if (kind === 4) return { family: "ipv4", prefix };
  const range = new BlockList();
  range.addSubnet(address, prefix, "ipv6");
  return range.check("::ffff:0:0", "ipv6") || IPV4_MAPPED.check(address, "ipv6")
    ? { family: "ipv4", prefix: Math.max(0, prefix - 96) }
    : { family: "ipv6", prefix };
}

/**
 * What makes a TRUST_PROXY list trust too many clients to be a list of proxies, or null when nothing does. Anyone
 * inside a trusted range can pick their IP (and so their rate-limit counter) with X-Forwarded-For, so a range wider
 * than an IPv4 /8 (10.0.0.0/8 is the widest private network) or an IPv6 /16 (providers' and CDNs' blocks are /32 or
 * narrower) is refused, and so are narrower ranges that together cover more than sixteen of those, as
 * `1.0.0.0/8,…,255.0.0.0/8` would. proxy-addr's names stand for fixed private ranges and are always allowed.
 *
 * @example
 * tooBroadForProxies("0.0.0.0/1,128.0.0.0/1"); // "0.0.0.0/1 is wider than an IPv4 /8"
 * tooBroadForProxies("loopback,10.0.0.0/8"); // null
 */
function tooBroadForProxies(value: string): string | null {
  const share = { ipv4: 0, ipv6: 0 };
  for (const part of value.split(",")) {
    const text = part.trim();
    const range = PROXY_RANGE_NAMES.has(text) ? null : proxyRangeOf(text);
    if (range === null) continue;
    const widest = WIDEST_PROXY_PREFIX[range.family];
    if (range.prefix < widest) {
      const mapped = range.family === "ipv4" && text.includes(":") ? " (by the IPv4 addresses it holds)" : "";
      return `${text} is wider than an ${range.family === "ipv4" ? "IPv4" : "IPv6"} /${widest}${mapped}`;
    }
    // Overlaps count twice: a list that needs them not to is no list of proxies.
    share[range.family] += 2 ** (widest - range.prefix);
  }
  if (share.ipv4 > 16) return "the IPv4 ranges together cover more than sixteen /8s";
  if (share.ipv6 > 16) return "the IPv6 ranges together cover more than sixteen /16s";
  return null;
}

/** TRUST_PROXY as Fastify takes it (see {@link AppConfig.trustProxy}). */
function trustProxyOf(value: string): AppConfig["trustProxy"] {
  if (/^(false|0)$/i.test(value)) return false;
  if (/^[1-9]$/.test(value)) return Number(value);
  return value
    .split(",")
    .map((part) => part.trim())
    .join(",");
}

const emailList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email !== ""),
  )
  .pipe(z.array(z.email("ADMIN_EMAILS must be a comma-separated list of email addresses")));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, "DATABASE_URL must be a postgres:// or postgresql:// URL")
    .optional(),
  ADMIN_EMAILS: emailList,
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  TRUST_PROXY: z
    .string()
    .trim()
    .default("false")
    .refine((v) => v.toLowerCase() !== "true", {
      message:
        "TRUST_PROXY=true would believe any X-Forwarded-For, so anyone could pick their IP and dodge the rate limits: set the number of proxies in front of the app (e.g. TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.2,10.1.0.0/16)",
    })
    .refine(
      (v) =>
        /^(false|0|[1-9])$/i.test(v) ||
        v
          .split(",")
          .every((part) => PROXY_RANGE_NAMES.has(part.trim()) || proxyRangeOf(part.trim()) !== null),
      {
        message:
          "TRUST_PROXY must be false, a number of proxies from 1 to 9, or a comma-separated list of IP addresses or CIDR ranges (10.1.0.0/16) and the names loopback, linklocal, uniquelocal",
      },
    )
    .superRefine((v, issues) => {
      const broad = tooBroadForProxies(v);
      if (broad === null) return;
      issues.addIssue({
        code: "custom",
        message: `TRUST_PROXY's ranges are too broad to be proxies (${broad}), so anyone inside them could pick their IP and dodge the rate limits: set the proxies' own addresses or ranges, each at most an IPv4 /8 or an IPv6 /16 and sixteen of those in all (e.g. TRUST_PROXY=10.0.0.2,10.1.0.0/16, or loopback, linklocal, uniquelocal for the private ranges), or the number of proxies in front of the app (e.g. TRUST_PROXY=1)`,
      });
    }),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SDK_API_KEY: z
    .string()
    .regex(/^(test_|rcb_sb_|rcb_)[A-Za-z0-9_-]+$/, "SDK_API_KEY must be a test_, rcb_sb_ or rcb_ key")
    .default("test_realmheart_local"),
  PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
  ALLOW_SANDBOX_PAYMENTS: z
    .enum(["true", "false", "1", "0"], "ALLOW_SANDBOX_PAYMENTS must be true or false")
    .default("false"),
  PAYSTACK_BASE_URL: z
    .url({ protocol: /^https?$/, error: "PAYSTACK_BASE_URL must be an http(s) URL" })
    .default("https://api.paystack.co"),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "PUBLIC_URL must be an http(s) URL" }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, "SMTP_URL must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().max(200).default("Realmheart <no-reply@realmheart.local>"),
  ALLOWED_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .default([]),
  BILLING_WEBHOOK_SECRET: z
    .string()
    .min(16, "BILLING_WEBHOOK_SECRET must be at least 16 characters")
    .optional(),
  OIDC_ISSUER_URL: z
    .url({ protocol: /^https?$/, error: "OIDC_ISSUER_URL must be an http(s) URL" })
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  LLM_BASE_URL: z
    .url({
      protocol: /^https?$/,
      error: "LLM_BASE_URL must be an http(s) URL such as http://127.0.0.1:11434/v1",
    })
    .optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_CONTEXT_TOKENS: z.coerce
    .number("LLM_CONTEXT_TOKENS must be a number")
    .int("LLM_CONTEXT_TOKENS must be a whole number")
    .min(512, "LLM_CONTEXT_TOKENS must be at least 512")
    .default(4096),
  LLM_MAX_TOKENS: z.coerce
    .number("LLM_MAX_TOKENS must be a number")
    .int("LLM_MAX_TOKENS must be a whole number")
    .min(16, "LLM_MAX_TOKENS must be at least 16")
    .default(300),
  LLM_TIMEOUT_MS: z.coerce
    .number("LLM_TIMEOUT_MS must be a number")
    .int("LLM_TIMEOUT_MS must be a whole number")
    .min(100, "LLM_TIMEOUT_MS must be at least 100")
    .default(30_000),
  LLM_CONCURRENCY: z.coerce
    .number("LLM_CONCURRENCY must be a number")
    .int("LLM_CONCURRENCY must be a whole number")
    .min(1, "LLM_CONCURRENCY must be at least 1")
    .max(1000, "LLM_CONCURRENCY must be at most 1000")
    .default(4),
  SEND_LIMIT_PER_MINUTE: z.coerce
    .number("SEND_LIMIT_PER_MINUTE must be a number")
    .int("SEND_LIMIT_PER_MINUTE must be a whole number")
    .min(1, "SEND_LIMIT_PER_MINUTE must be at least 1")
    .max(100_000, "SEND_LIMIT_PER_MINUTE must be at most 100000")
    .default(30),
  LLM_MODERATION: z.enum(["true", "false", "1", "0"], "LLM_MODERATION must be 1 or 0").default("0"),
  LLM_MODERATION_MODEL: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/, error: "STRIPE_API_BASE must be an http(s) URL" })
    .optional(),
  STRIPE_ACCOUNT_ID: z.string().min(1).optional(),
  PERSONA_SEED: z.coerce
    .number("PERSONA_SEED must be a number")
    .int("PERSONA_SEED must be a whole number")
    .min(0, "PERSONA_SEED must be 0 or more")
    .default(0),
});

/** Whether an SDK key takes real money: `rcb_` but not `rcb_sb_` (sandbox) or `test_` (Test Store). */
function isProductionSdkKey(key: string): boolean {
  return key.startsWith("rcb_") && !key.startsWith("rcb_sb_");
}

/**
 * OpenID Connect needs all three variables, or none; the model server needs a model, and room for a reply; Stripe
 * needs all three secrets, or none.
 */
const withOidcComplete = envSchema.superRefine((env, issues) => {
  const require = (name: keyof typeof env, when: string) => {
    if (!env[name])
      issues.addIssue({ code: "custom", path: [name], message: `${name} is required when ${when}` });
  };
  if (env.OIDC_ISSUER_URL) {
    for (const name of ["OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const)
      require(name, "OIDC_ISSUER_URL is set");
  }
  if (env.LLM_BASE_URL) require("LLM_MODEL", "LLM_BASE_URL is set");
  // A half-configured card gateway would fail customers mid-purchase: all three Stripe secrets or none.
  if (env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET || env.STRIPE_PUBLISHABLE_KEY) {
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PUBLISHABLE_KEY"] as const)
      require(name, "another STRIPE_ secret is set");
  }
  // In production, money must be real: the sandbox gateway approves any card without charging, and test_ or
  // rcb_sb_ SDK keys let anyone make themselves premium with a simulated purchase.
  const allowSandbox = env.ALLOW_SANDBOX_PAYMENTS === "true" || env.ALLOW_SANDBOX_PAYMENTS === "1";
  if (env.NODE_ENV === "production" && !allowSandbox) {
    const onPurpose = "or set ALLOW_SANDBOX_PAYMENTS=true to run on sandbox money on purpose";
    if (!env.PAYSTACK_SECRET_KEY) {
      issues.addIssue({
        code: "custom",
        path: ["PAYSTACK_SECRET_KEY"],
        message: `PAYSTACK_SECRET_KEY is required in production: without it web payments go through the sandbox gateway, which charges nothing (${onPurpose})`,
      });
    }
    if (!isProductionSdkKey(env.SDK_API_KEY)) {
      issues.addIssue({
        code: "custom",
        path: ["SDK_API_KEY"],
        message: `SDK_API_KEY must be a production (rcb_) key in production: a test_ or rcb_sb_ key lets anyone buy premium with a simulated purchase (${onPurpose})`,
      });
    }
  }
  // Address verification and password resets need mail that arrives.
  if (env.NODE_ENV === "production" && !env.SMTP_URL && !env.OIDC_ISSUER_URL) {
    issues.addIssue({
      code: "custom",
      path: ["SMTP_URL"],
      message:
        "SMTP_URL is required in production (e.g. smtps://user:password@smtp.example:465): accounts are verified and passwords reset by mail",
    });
  }
  // Return URLs (payment callbacks, sign-in redirects) must never come from a Host header a client can forge.
  if (env.NODE_ENV === "production" && !env.PUBLIC_URL) {
    issues.addIssue({
      code: "custom",
      path: ["PUBLIC_URL"],
      message:
        "PUBLIC_URL is required in production (e.g. https://realmheart.example): payment and sign-in return URLs are built from it, never from the request's Host header",
    });
  }
  const moderation = env.LLM_MODERATION === "1" || env.LLM_MODERATION === "true";
  if (moderation) require("LLM_BASE_URL", "LLM_MODERATION is on");
  if (env.LLM_MAX_TOKENS >= env.LLM_CONTEXT_TOKENS) {
    issues.addIssue({
      code: "custom",
      path: ["LLM_MAX_TOKENS"],
      message: "LLM_MAX_TOKENS must be smaller than LLM_CONTEXT_TOKENS",
    });
  }
});

/**
 * Validates the environment. Empty variables count as unset. Throws a {@link ConfigError} naming every problem.
 *
 * @example
 * const config = loadConfig(process.env);
 * app.listen({ port: config.port, host: config.host });
 */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = withOidcComplete.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `- ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL ?? null,
    adminEmails: new Set(e.ADMIN_EMAILS),
    sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString("base64url"),
    sessionSecretGenerated: e.SESSION_SECRET === undefined,
    nodeEnv: e.NODE_ENV,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    sdkApiKey: e.SDK_API_KEY,
    paymentProvider: e.PAYSTACK_SECRET_KEY ? "paystack" : "sandbox",
    sandboxPaymentsInProduction:
      e.NODE_ENV === "production" && (!e.PAYSTACK_SECRET_KEY || !isProductionSdkKey(e.SDK_API_KEY)),
    paystack: e.PAYSTACK_SECRET_KEY
      ? { secretKey: e.PAYSTACK_SECRET_KEY, baseUrl: e.PAYSTACK_BASE_URL.replace(/\/+$/, "") }
      : null,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : null,
    allowedHosts: new Set(e.ALLOWED_HOSTS),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    // Only this process's own billing server uses it, so a random one per start is enough when unset.
    billingWebhookSecret: e.BILLING_WEBHOOK_SECRET ?? randomBytes(32).toString("base64url"),
    oidc:
      e.OIDC_ISSUER_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuerUrl: e.OIDC_ISSUER_URL, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : null,
    llm:
      e.LLM_BASE_URL && e.LLM_MODEL
        ? {
            baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ""),
            apiKey: e.LLM_API_KEY ?? null,
            model: e.LLM_MODEL,
            contextTokens: e.LLM_CONTEXT_TOKENS,
            maxTokens: e.LLM_MAX_TOKENS,
            timeoutMs: e.LLM_TIMEOUT_MS,
            moderation: e.LLM_MODERATION === "1" || e.LLM_MODERATION === "true",
            moderationModel: e.LLM_MODERATION_MODEL ?? null,
          }
        : null,
    llmConcurrency: e.LLM_CONCURRENCY,
    sendLimitPerMinute: e.SEND_LIMIT_PER_MINUTE,
    personaSeed: e.PERSONA_SEED,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            // Several signing secrets, comma-separated: one being rolled, or an account and a Connect endpoint.
            webhookSecret: e.STRIPE_WEBHOOK_SECRET.split(",").map((secret) => secret.trim()),
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            ...(e.STRIPE_API_BASE ? { apiBase: e.STRIPE_API_BASE.replace(/\/+$/, "") } : {}),
            ...(e.STRIPE_ACCOUNT_ID ? { accountId: e.STRIPE_ACCOUNT_ID } : {}),
          }
        : null,
  };
}
