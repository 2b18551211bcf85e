import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";

describe("configuration from the environment", () => {
  it("has defaults that serve on 0.0.0.0:3000 from ./data with the sandbox provider", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: "./data",
      databaseUrl: null,
      nodeEnv: "development",
      trustProxy: false,
      sdkApiKey: "test_realmheart_local",
      paymentProvider: "sandbox",
      paystack: null,
      publicUrl: null,
      sessionSecretGenerated: true,
    });
    expect(config.billingWebhookSecret.length).toBeGreaterThanOrEqual(43);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(43);
    expect(loadConfig({}).sessionSecret).not.toBe(config.sessionSecret);
  });

  it("reads every variable, treating empty ones as unset", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/realmheart",
      DATABASE_URL: "postgres://app@db:5432/realmheart",
      ADMIN_EMAILS: " Keeper@Realmheart.test, second@realmheart.test ,",
      SESSION_SECRET: "s".repeat(32),
      NODE_ENV: "production",
      TRUST_PROXY: "1",
      SDK_API_KEY: "rcb_sb_abc",
      PAYSTACK_SECRET_KEY: "sk_test_x",
      PAYSTACK_BASE_URL: "http://127.0.0.1:4010/",
      PUBLIC_URL: "https://realmheart.example/app",
      BILLING_WEBHOOK_SECRET: "w".repeat(16),
      ALLOW_SANDBOX_PAYMENTS: "true",
      SMTP_URL: "smtp://mail.realmheart.example:587",
      MAIL_FROM: "Realmheart <hello@realmheart.example>",
      ALLOWED_HOSTS: "Realm.Local, 192.168.1.20",
      LOG_LEVEL: "",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/var/lib/realmheart",
      databaseUrl: "postgres://app@db:5432/realmheart",
      sessionSecret: "s".repeat(32),
      sessionSecretGenerated: false,
      nodeEnv: "production",
      trustProxy: 1,
      logLevel: "info",
      sdkApiKey: "rcb_sb_abc",
      paymentProvider: "paystack",
      sandboxPaymentsInProduction: true,
      paystack: { secretKey: "sk_test_x", baseUrl: "http://127.0.0.1:4010" },
      publicUrl: "https://realmheart.example",
      billingWebhookSecret: "w".repeat(16),
      smtpUrl: "smtp://mail.realmheart.example:587",
      mailFrom: "Realmheart <hello@realmheart.example>",
    });
    expect([...config.allowedHosts]).toEqual(["realm.local", "192.168.1.20"]);
    expect([...config.adminEmails]).toEqual(["keeper@realmheart.test", "second@realmheart.test"]);
  });

  it("names every problem in one clear error", () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        SESSION_SECRET: "short",
        ADMIN_EMAILS: "nope",
        PAYSTACK_BASE_URL: "ftp://paystack",
        BILLING_WEBHOOK_SECRET: "short",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain("- PORT:");
    expect(message).toContain("- DATABASE_URL: DATABASE_URL must be a postgres:// or postgresql:// URL");
    expect(message).toContain("- SESSION_SECRET: SESSION_SECRET must be at least 32 characters");
    expect(message).toContain("ADMIN_EMAILS must be a comma-separated list of email addresses");
    expect(message).toContain("- PAYSTACK_BASE_URL: PAYSTACK_BASE_URL must be an http(s) URL");
    expect(message).toContain(
      "- BILLING_WEBHOOK_SECRET: BILLING_WEBHOOK_SECRET must be at least 16 characters",
    );
  });

  it("turns on OpenID Connect only with an issuer, a client id and a client secret", () => {
    expect(loadConfig({}).oidc).toBeNull();
    expect(
      loadConfig({
        OIDC_ISSUER_URL: "https://id.example",
        OIDC_CLIENT_ID: "rh",
        OIDC_CLIENT_SECRET: "s3cret",
      }).oidc,
    ).toEqual({ issuerUrl: "https://id.example", clientId: "rh", clientSecret: "s3cret" });
    expect(() => loadConfig({ OIDC_ISSUER_URL: "https://id.example" })).toThrow(
      /- OIDC_CLIENT_ID: OIDC_CLIENT_ID is required when OIDC_ISSUER_URL is set\n- OIDC_CLIENT_SECRET: OIDC_CLIENT_SECRET is required/,
    );
  });

  it("uses the persona engine unless LLM_BASE_URL is set, then reads the model server's settings", () => {
    expect(loadConfig({})).toMatchObject({ llm: null, llmConcurrency: 4, personaSeed: 0 });
    const config = loadConfig({
      LLM_BASE_URL: "http://127.0.0.1:11434/v1/",
      LLM_API_KEY: "sk-local",
      LLM_MODEL: "llama3.1",
      LLM_CONTEXT_TOKENS: "8192",
      LLM_MAX_TOKENS: "512",
      LLM_TIMEOUT_MS: "20000",
      LLM_CONCURRENCY: "8",
      LLM_MODERATION: "1",
      LLM_MODERATION_MODEL: "omni-moderation-latest",
      PERSONA_SEED: "7",
    });
    expect(config).toMatchObject({
      llm: {
        baseUrl: "http://127.0.0.1:11434/v1",
        apiKey: "sk-local",
        model: "llama3.1",
        contextTokens: 8192,
        maxTokens: 512,
        timeoutMs: 20_000,
        moderation: true,
        moderationModel: "omni-moderation-latest",
      },
      llmConcurrency: 8,
      personaSeed: 7,
    });
    expect(loadConfig({ LLM_BASE_URL: "http://llm:8000/v1", LLM_MODEL: "m" }).llm).toMatchObject({
      apiKey: null,
      contextTokens: 4096,
      maxTokens: 300,
      timeoutMs: 30_000,
      moderation: false,
    });
  });

  it("names every problem with the model server's settings", () => {
    let message = "";
    try {
      loadConfig({
        LLM_BASE_URL: "ftp://llm/v1",
        LLM_CONTEXT_TOKENS: "lots",
        LLM_CONCURRENCY: "0",
        SEND_LIMIT_PER_MINUTE: "many",
        LLM_MODERATION: "maybe",
        PERSONA_SEED: "-1",
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain(
      "- LLM_BASE_URL: LLM_BASE_URL must be an http(s) URL such as http://127.0.0.1:11434/v1",
    );
    expect(message).toContain("- LLM_CONTEXT_TOKENS: LLM_CONTEXT_TOKENS must be a number");
    expect(message).toContain("- LLM_CONCURRENCY: LLM_CONCURRENCY must be at least 1");
    expect(message).toContain("- SEND_LIMIT_PER_MINUTE: SEND_LIMIT_PER_MINUTE must be a number");
    expect(message).toContain("- LLM_MODERATION: LLM_MODERATION must be 1 or 0");
    expect(message).toContain("- PERSONA_SEED: PERSONA_SEED must be 0 or more");
    expect(() => loadConfig({ LLM_BASE_URL: "http://llm/v1" })).toThrow(
      "- LLM_MODEL: LLM_MODEL is required when LLM_BASE_URL is set",
    );
    expect(() => loadConfig({ LLM_MODERATION: "1" })).toThrow(
      "- LLM_BASE_URL: LLM_BASE_URL is required when LLM_MODERATION is on",
    );
    expect(() =>
      loadConfig({
        LLM_BASE_URL: "http://llm/v1",
        LLM_MODEL: "m",
        LLM_CONTEXT_TOKENS: "1024",
        LLM_MAX_TOKENS: "1024",
      }),
    ).toThrow("- LLM_MAX_TOKENS: LLM_MAX_TOKENS must be smaller than LLM_CONTEXT_TOKENS");
  });

  it("gives the billing server a Stripe card checkout only with all three Stripe secrets", () => {
    expect(loadConfig({}).stripe).toBeNull();
    const config = loadConfig({
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_456",
      STRIPE_PUBLISHABLE_KEY: "pk_test_789",
      STRIPE_API_BASE: "http://127.0.0.1:12111/",
      STRIPE_ACCOUNT_ID: "acct_1",
    });
    expect(config.stripe).toEqual({
      secretKey: "sk_test_123",
      webhookSecret: ["whsec_456"],
      publishableKey: "pk_test_789",
      apiBase: "http://127.0.0.1:12111",
      accountId: "acct_1",
    });
    const rolled = loadConfig({
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_new, whsec_old",
      STRIPE_PUBLISHABLE_KEY: "pk_test_789",
    });
    expect(rolled.stripe?.webhookSecret).toEqual(["whsec_new", "whsec_old"]);
    let message = "";
    try {
      loadConfig({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_API_BASE: "ftp://x" });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain(
      "STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET is required when another STRIPE_ secret is set",
    );
    expect(message).toContain("STRIPE_PUBLISHABLE_KEY: STRIPE_PUBLISHABLE_KEY is required");
    expect(message).toContain("STRIPE_API_BASE: STRIPE_API_BASE must be an http(s) URL");
  });

  describe("in production", () => {
    const production = {
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(32),
      PUBLIC_URL: "https://realmheart.example",
      SMTP_URL: "smtps://mailer:secret@smtp.realmheart.example:465",
    };

    it("refuses to start on the sandbox gateway or a test_/rcb_sb_ key, naming what to set", () => {
      const refusal = () => {
        try {
          loadConfig(production);
        } catch (error) {
          return error;
        }
        return null;
      };
      const error = refusal();
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toMatch(/- PAYSTACK_SECRET_KEY: PAYSTACK_SECRET_KEY is required in production/);
      expect(message).toMatch(/- SDK_API_KEY: SDK_API_KEY must be a production \(rcb_\) key in production/);
      expect(message).toMatch(/ALLOW_SANDBOX_PAYMENTS=true/);
      for (const key of ["test_realmheart_local", "rcb_sb_live_looking"]) {
        expect(() =>
          loadConfig({ ...production, PAYSTACK_SECRET_KEY: "sk_live_x", SDK_API_KEY: key }),
        ).toThrow(/SDK_API_KEY must be a production/);
      }
      expect(() => loadConfig({ ...production, SDK_API_KEY: "rcb_live" })).toThrow(
        /PAYSTACK_SECRET_KEY is required/,
      );
    });

    it("requires SMTP_URL for local accounts (verification and reset mails), not with OpenID Connect", () => {
      const { SMTP_URL: _unset, ...withoutMail } = production;
      const real = { ...withoutMail, PAYSTACK_SECRET_KEY: "sk_live_x", SDK_API_KEY: "rcb_live" };
      expect(() => loadConfig(real)).toThrow(/SMTP_URL is required in production/);
      expect(() => loadConfig({ ...real, SMTP_URL: "http://smtp.example" })).toThrow(
        /smtp:\/\/ or smtps:\/\//,
      );
      expect(loadConfig({ ...real, SMTP_URL: "smtp://127.0.0.1:2525" }).smtpUrl).toBe(
        "smtp://127.0.0.1:2525",
      );
    });

    it("starts on real money: Paystack and an rcb_ key, with no sandbox notice", () => {
      const config = loadConfig({ ...production, PAYSTACK_SECRET_KEY: "sk_live_x", SDK_API_KEY: "rcb_live" });
      expect(config).toMatchObject({ paymentProvider: "paystack", sandboxPaymentsInProduction: false });
    });

    it("runs on sandbox money only when ALLOW_SANDBOX_PAYMENTS=true says so, and then flags it", () => {
      expect(loadConfig({ ...production, ALLOW_SANDBOX_PAYMENTS: "true" })).toMatchObject({
        paymentProvider: "sandbox",
        sdkApiKey: "test_realmheart_local",
        sandboxPaymentsInProduction: true,
      });
      expect(() => loadConfig({ ...production, ALLOW_SANDBOX_PAYMENTS: "false" })).toThrow(ConfigError);
      expect(() => loadConfig({ ...production, ALLOW_SANDBOX_PAYMENTS: "yes" })).toThrow(
        /ALLOW_SANDBOX_PAYMENTS must be true or false/,
      );
    });

    it("leaves development and test runs on the sandbox without a notice", () => {
      expect(loadConfig({}).sandboxPaymentsInProduction).toBe(false);
      expect(loadConfig({ NODE_ENV: "test" }).sandboxPaymentsInProduction).toBe(false);
    });
  });
});
