import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ErrorCode,
  LogLevel,
  Purchases,
  UninitializedPurchasesError,
  isPurchasesError,
  type PurchasesError,
} from "../../src/index";

function caught(fn: () => unknown): PurchasesError {
  try {
    fn();
  } catch (error) {
    if (isPurchasesError(error)) return error;
    throw new Error(`expected a PurchasesError, got ${String(error)}`);
  }
  throw new Error("expected the call to throw");
}

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  Purchases.setLogHandler(null);
  Purchases.setLogLevel(LogLevel.Warn);
});

describe("Purchases.configure", () => {
  it("accepts the object form and the positional form with the same meaning", () => {
    const a = Purchases.configure({ apiKey: "rcb_abc123", appUserId: "user_1" });
    expect(a.getAppUserId()).toBe("user_1");
    expect(a.isSandbox()).toBe(false);
    const b = Purchases.configure(
      "rcb_sb_abc123",
      "user_2",
      { proxyURL: "https://proxy.test" },
      {
        collectAnalyticsEvents: false,
      },
    );
    expect(b.getAppUserId()).toBe("user_2");
    expect(b.isSandbox()).toBe(true);
    expect(Purchases.getSharedInstance()).toBe(b);
  });

  it.each([
    ["rcb_abc", false],
    ["rcb_sb_abc", true],
    ["test_abc", true],
  ])("accepts the API key %s (sandbox: %s)", (apiKey, sandbox) => {
    expect(Purchases.configure({ apiKey, appUserId: "user_1" }).isSandbox()).toBe(sandbox);
  });

  it.each(["", "sk_live_abc", "rcb_", "goog_abc", "pdl_abc", " rcb_abc"])(
    "rejects the API key %j with InvalidCredentialsError and the exact message",
    (apiKey) => {
      const error = caught(() => Purchases.configure({ apiKey, appUserId: "user_1" }));
      expect(error.errorCode).toBe(ErrorCode.InvalidCredentialsError);
      expect(error.message).toBe("Invalid API key. Use your Web Billing API key.");
      expect(Purchases.isConfigured()).toBe(false);
    },
  );

  it("accepts pdl_ keys only when allowPaddleAPIKey is set", () => {
    expect(() => Purchases.configure({ apiKey: "pdl_abc", appUserId: "u" })).toThrow();
    const p = Purchases.configure({ apiKey: "pdl_abc", appUserId: "u", flags: { allowPaddleAPIKey: true } });
    expect(p.getAppUserId()).toBe("u");
  });

  it.each([
    "",
    "no_user",
    "null",
    "none",
    "nil",
    "(null)",
    "NaN",
    "\\x00",
    "\x00",
    "unidentified",
    "undefined",
    "unknown",
    "a/b",
  ])("rejects the app user id %j with InvalidAppUserIdError", (appUserId) => {
    expect(caught(() => Purchases.configure({ apiKey: "rcb_abc", appUserId })).errorCode).toBe(
      ErrorCode.InvalidAppUserIdError,
    );
  });

  it("requires the API key and app user id to be strings", () => {
    const badKey = caught(() => Purchases.configure({ apiKey: 42 as unknown as string, appUserId: "u" }));
    expect(badKey.errorCode).toBe(ErrorCode.InvalidCredentialsError);
    const badId = caught(() =>
      Purchases.configure({ apiKey: "rcb_abc", appUserId: null as unknown as string }),
    );
    expect(badId.errorCode).toBe(ErrorCode.InvalidAppUserIdError);
  });

  it("rejects a proxy URL with a trailing slash as a ConfigurationError", () => {
    const error = caught(() =>
      Purchases.configure({
        apiKey: "rcb_abc",
        appUserId: "u",
        httpConfig: { proxyURL: "https://proxy.test/" },
      }),
    );
    expect(error.errorCode).toBe(ErrorCode.ConfigurationError);
    expect(error.message).toMatch(/trailing slash/);
  });

  it.each([
    "Authorization",
    "content-type",
    "Accept",
    "X-Platform",
    "X-Version",
    "X-Is-Sandbox",
    "X-Platform-Flavor",
    "x-platform-flavor-version",
  ])("rejects the reserved additional header %s", (header) => {
    const error = caught(() =>
      Purchases.configure({
        apiKey: "rcb_abc",
        appUserId: "u",
        httpConfig: { additionalHeaders: { [header]: "x" } },
      }),
    );
    expect(error.errorCode).toBe(ErrorCode.ConfigurationError);
    expect(error.message).toContain(header);
  });

  it("rejects flags that are not booleans", () => {
    const error = caught(() =>
      Purchases.configure({
        apiKey: "rcb_abc",
        appUserId: "u",
        flags: { collectAnalyticsEvents: "no" as unknown as boolean },
      }),
    );
    expect(error.errorCode).toBe(ErrorCode.ConfigurationError);
  });

  it("keeps the previous shared instance when a new configuration is invalid", () => {
    const first = Purchases.configure({ apiKey: "rcb_abc", appUserId: "u" });
    expect(() => Purchases.configure({ apiKey: "bad", appUserId: "u" })).toThrow();
    expect(Purchases.getSharedInstance()).toBe(first);
  });

  it("warns when configured twice and returns the new instance", () => {
    const lines: string[] = [];
    Purchases.setLogHandler((level, message) => {
      if (level === LogLevel.Warn) lines.push(message);
    });
    const first = Purchases.configure({ apiKey: "rcb_abc", appUserId: "u" });
    const second = Purchases.configure({ apiKey: "rcb_abc", appUserId: "v" });
    expect(second).not.toBe(first);
    expect(lines.some((l) => l.startsWith("Purchases is already initialized"))).toBe(true);
  });
});

describe("shared instance", () => {
  it("getSharedInstance throws an UninitializedPurchasesError (a ConfigurationError) before configure", () => {
    expect(Purchases.isConfigured()).toBe(false);
    const error = caught(() => Purchases.getSharedInstance());
    expect(error).toBeInstanceOf(UninitializedPurchasesError);
    expect(error.errorCode).toBe(ErrorCode.ConfigurationError);
  });

  it("configure called again closes the old instance: its calls reject, the new one works", async () => {
    const first = Purchases.configure({ apiKey: "rcb_abc", appUserId: "user_1" });
    const second = Purchases.configure({ apiKey: "rcb_abc", appUserId: "user_2" });
    expect(Purchases.getSharedInstance()).toBe(second);
    const error = await first.getCustomerInfo().catch((e: unknown) => e);
    expect(isPurchasesError(error) && error.errorCode).toBe(ErrorCode.ConfigurationError);
    expect((error as Error).message).toBe("This Purchases instance was closed. Configure a new one.");
    await expect(first.identifyUser("user_3")).rejects.toMatchObject({
      errorCode: ErrorCode.ConfigurationError,
    });
    // Closing the old instance again changes nothing for the new one.
    first.close();
    expect(Purchases.getSharedInstance()).toBe(second);
    expect(second.getAppUserId()).toBe("user_2");
  });

  it("close() clears the shared instance and makes the closed instance reject calls", async () => {
    const p = Purchases.configure({ apiKey: "rcb_abc", appUserId: "u" });
    p.close();
    expect(Purchases.isConfigured()).toBe(false);
    await expect(p.getCustomerInfo()).rejects.toMatchObject({ errorCode: ErrorCode.ConfigurationError });
  });
});

describe("anonymous ids", () => {
  it("generates $RCAnonymousID: plus 32 hex characters, unique per call", () => {
    const a = Purchases.generateAnonymousAppUserId();
    const b = Purchases.generateAnonymousAppUserId();
    expect(a).toMatch(/^\$RCAnonymousID:[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
  });

  it("generateRevenueCatAnonymousAppUserId (the purchases-js name) makes the same kind of id", () => {
    const id = Purchases.generateRevenueCatAnonymousAppUserId();
    expect(id).toMatch(/^\$RCAnonymousID:[0-9a-f]{32}$/);
    expect(Purchases.configure({ apiKey: "rcb_abc", appUserId: id }).isAnonymous()).toBe(true);
  });

  it("isAnonymous is true only for generated ids", () => {
    expect(
      Purchases.configure({
        apiKey: "rcb_abc",
        appUserId: Purchases.generateAnonymousAppUserId(),
      }).isAnonymous(),
    ).toBe(true);
    expect(Purchases.configure({ apiKey: "rcb_abc", appUserId: "user_1" }).isAnonymous()).toBe(false);
  });
});

describe("logging", () => {
  it("setLogLevel filters what reaches the handler", () => {
    const seen: LogLevel[] = [];
    Purchases.setLogHandler((level) => seen.push(level));
    Purchases.setLogLevel(LogLevel.Error);
    Purchases.configure({ apiKey: "rcb_abc", appUserId: "u" });
    Purchases.configure({ apiKey: "rcb_abc", appUserId: "u" }); // would warn
    expect(seen).toEqual([]);
    Purchases.setLogLevel(LogLevel.Warn);
    Purchases.configure({ apiKey: "rcb_abc", appUserId: "u", httpConfig: { proxyURL: "/billing" } });
    expect(seen).toEqual([LogLevel.Warn]); // "already initialized"; no proxy warning, no info line
  });

  it("setLogHandler(null) restores console output", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    Purchases.setLogHandler(null);
    Purchases.configure({ apiKey: "rcb_abc", appUserId: "u" });
    Purchases.configure({ apiKey: "rcb_abc", appUserId: "u" });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Purchases is already initialized"));
  });

  it("setPlatformInfo rejects values that are not strings", () => {
    expect(caught(() => Purchases.setPlatformInfo({ flavor: 1, version: "1" } as never)).errorCode).toBe(
      ErrorCode.ConfigurationError,
    );
  });
});

describe("the default host (issue #22: no silent third party)", () => {
  it("warns once, at the default level, that requests go to api.revenuecat.com when no proxyURL is given", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    Purchases.configure({ apiKey: "rcb_abc", appUserId: "user_1" });
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]![0]);
    expect(line).toContain("https://api.revenuecat.com");
    expect(line).toContain("httpConfig.proxyURL");
    expect(line).toContain("billing server");
    expect(line).not.toContain("rcb_abc");
    warn.mockRestore();
  });

  it("does not warn when a proxyURL names the billing server, in either form of configure", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    Purchases.configure({ apiKey: "rcb_abc", appUserId: "user_1", httpConfig: { proxyURL: "/billing" } });
    Purchases.getSharedInstance().close();
    Purchases.configure("rcb_abc", "user_1", { proxyURL: "https://billing.example.com" });
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe("LogLevel.Info", () => {
  it("logs the key's kind, the base URL and whether the user is anonymous at configure, never the key", () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    Purchases.setLogLevel(LogLevel.Info);
    Purchases.configure({
      apiKey: "test_secretish123",
      appUserId: Purchases.generateAnonymousAppUserId(),
      httpConfig: { proxyURL: "https://billing.example.com" },
    });
    expect(info).toHaveBeenCalledTimes(1);
    const line = String(info.mock.calls[0]![0]);
    expect(line).toBe(
      "[Purchases] Configured: test_store key, https://billing.example.com, anonymous user: true.",
    );
    expect(line).not.toContain("secretish");
    info.mockRestore();
  });

  it("logs nothing at Info level by default (Warn)", () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    Purchases.configure({ apiKey: "rcb_abc", appUserId: "user_1", httpConfig: { proxyURL: "/billing" } });
    expect(info).not.toHaveBeenCalled();
    info.mockRestore();
  });
});

describe("locale", () => {
  it.each([1, "", "en_ZA", "not a locale!", null])(
    "refuses the locale %j with ConfigurationError",
    (locale) => {
      const error = caught(() =>
        Purchases.configure({ apiKey: "rcb_abc", appUserId: "user_1", locale: locale as string }),
      );
      expect(error.errorCode).toBe(ErrorCode.ConfigurationError);
      expect(Purchases.isConfigured()).toBe(false);
    },
  );
});

describe("app user id length (docs/protocol.md: at most 256 UTF-16 code units)", () => {
  it("accepts 256 characters and refuses 257 in configure, changeUser and identifyUser", async () => {
    const ok = "x".repeat(256);
    const tooLong = "x".repeat(257);
    const options = { apiKey: "rcb_abc", httpConfig: { proxyURL: "/billing" } };
    expect(Purchases.configure({ ...options, appUserId: ok }).getAppUserId()).toBe(ok);
    expect(caught(() => Purchases.configure({ ...options, appUserId: tooLong })).errorCode).toBe(
      ErrorCode.InvalidAppUserIdError,
    );
    const purchases = Purchases.getSharedInstance();
    await expect(purchases.changeUser(tooLong)).rejects.toMatchObject({
      errorCode: ErrorCode.InvalidAppUserIdError,
    });
    await expect(purchases.identifyUser(tooLong)).rejects.toMatchObject({
      errorCode: ErrorCode.InvalidAppUserIdError,
    });
    expect(purchases.getAppUserId()).toBe(ok);
  });
});
