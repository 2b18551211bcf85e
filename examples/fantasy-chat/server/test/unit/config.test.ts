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
      TRUST_PROXY: "true",
      SDK_API_KEY: "rcb_sb_abc",
      PAYSTACK_SECRET_KEY: "sk_test_x",
      PAYSTACK_BASE_URL: "http://127.0.0.1:4010/",
      PUBLIC_URL: "https://realmheart.example/app",
      BILLING_WEBHOOK_SECRET: "w".repeat(16),
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
      trustProxy: true,
      logLevel: "info",
      sdkApiKey: "rcb_sb_abc",
      paymentProvider: "paystack",
      paystack: { secretKey: "sk_test_x", baseUrl: "http://127.0.0.1:4010" },
      publicUrl: "https://realmheart.example",
      billingWebhookSecret: "w".repeat(16),
    });
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
});
