import { z } from "zod";
import { allowedOriginsSchema } from "./http/allowed-origins.js";
import { mailFromSchema, smtpUrlSchema } from "./mail/mail-options.js";

const cliEnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    HOST: z.string().default("127.0.0.1"),
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default("./data/billing"),
    CATALOGUE: z.string().optional(),
    /** Replaces every catalogue project's `allowed_origins`: origins separated by commas, or `*` for any. */
    ALLOWED_ORIGINS: allowedOriginsSchema.optional(),
    MANAGEMENT_URL: z.string().url().optional(),
    /** Turns on the hosted "Manage subscription" page; it signs the links. */
    MANAGEMENT_SECRET: z.string().min(32, "use at least 32 characters").optional(),
    /** The server's public base URL including PREFIX (for the management links); by default each request's own. */
    PUBLIC_URL: z.string().url().optional(),
    PREFIX: z
      .string()
      .regex(/^(\/[\w-]+)*$/, "PREFIX is a path such as /billing, without a trailing slash")
      .default(""),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    // Several signing secrets, comma-separated: a secret being rolled, or an account and a Connect endpoint.
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .transform((value) => value.split(",").map((secret) => secret.trim()))
      .refine((secrets) => secrets.every((secret) => /^whsec_\S+$/.test(secret)), {
        message: "a comma-separated list of webhook signing secrets, each starting with whsec_",
      })
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
    STRIPE_API_BASE: z.string().url().optional(),
    STRIPE_ACCOUNT_ID: z.string().min(1).optional(),
    // Host-app webhooks: one endpoint for every project of the catalogue.
    WEBHOOK_URL: z.string().url().optional(),
    // Several, comma-separated, while one is rotated: every delivery is signed with each, the first is the bearer.
    WEBHOOK_SECRET: z
      .string()
      .transform((value) => value.split(",").map((secret) => secret.trim()))
      .refine((secrets) => secrets.every((secret) => secret.length >= 16), {
        message: "use at least 16 characters (several secrets: comma-separated, each at least 16 characters)",
      })
      .optional(),
    ADMIN_SECRET: z.string().min(16, "use at least 16 characters").optional(),
    WORKER_INTERVAL_MS: z.coerce.number().int().min(100).optional(),
    /** The SMTP server customers are mailed through (the renewal payment confirmation link), with its login. */
    SMTP_URL: smtpUrlSchema.optional(),
    MAIL_FROM: mailFromSchema.optional(),
    /**
     * `on` accepts Test Store keys (test_…, which grant entitlements without payment), `off` refuses them; unset,
     * they are on except when NODE_ENV is production.
     */
    TEST_STORE: z.enum(["on", "off"], { message: "on or off" }).optional(),
    /**
     * The reverse proxies whose X-Forwarded-For is believed for the client's address (the per-address limit on
     * sign-in mails): their addresses or CIDR ranges, comma-separated. Unset: none (the peer's own address counts).
     */
    TRUST_PROXY: z
      .string()
      .regex(/^[0-9A-Fa-f.:/]+(\s*,\s*[0-9A-Fa-f.:/]+)*$/, "addresses or CIDR ranges, comma-separated")
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.WEBHOOK_URL) !== Boolean(env.WEBHOOK_SECRET)) {
      const missing = env.WEBHOOK_URL ? "WEBHOOK_SECRET" : "WEBHOOK_URL";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: "WEBHOOK_URL and WEBHOOK_SECRET go together",
      });
    }
    if (Boolean(env.SMTP_URL) !== Boolean(env.MAIL_FROM)) {
      const missing = env.SMTP_URL ? "MAIL_FROM" : "SMTP_URL";
      ctx.addIssue({ code: "custom", path: [missing], message: "SMTP_URL and MAIL_FROM go together" });
    }
    // Checkout needs all three Stripe secrets or none: a half-configured gateway would fail customers mid-purchase.
    if (!env.STRIPE_SECRET_KEY) return;
    for (const name of ["STRIPE_WEBHOOK_SECRET", "STRIPE_PUBLISHABLE_KEY"] as const) {
      if (!env[name])
        ctx.addIssue({ code: "custom", path: [name], message: "required with STRIPE_SECRET_KEY" });
    }
  });

/** The CLI's configuration, read from the environment. */
export type CliEnv = z.output<typeof cliEnvSchema>;

/**
 * Reads and checks the CLI's environment variables; a bad value is refused with every problem listed, one a line.
 *
 * @example
 * const parsed = parseCliEnv(process.env);
 * if (!parsed.ok) console.error(parsed.message);
 */
export function parseCliEnv(
  env: Record<string, string | undefined>,
): { ok: true; env: CliEnv } | { ok: false; message: string } {
  // An empty variable means unset, as a deployer who writes `ALLOWED_ORIGINS=` in a .env file expects.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = cliEnvSchema.safeParse(set);
  if (parsed.success) return { ok: true, env: parsed.data };
  return {
    ok: false,
    message: `Invalid configuration:\n${parsed.error.issues.map((i) => `- ${i.path.join(".")}: ${i.message}`).join("\n")}`,
  };
}
