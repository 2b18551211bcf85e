import { describe, expect, it } from "vitest";
import { titleFromMessage } from "../../src/chats/chat-title.js";
import { parseCookies, serializeCookie } from "../../src/http/cookies.js";
import { acceptsGzip } from "../../src/http/content-coding.js";
import { utcDay } from "../../src/users/free-allowance.js";
import { isPremium, subscriptionStatusAt } from "../../src/users/subscription-status.js";

const now = new Date("2026-11-21T12:00:00Z");

describe("chat titles", () => {
  it("keeps short first messages whole, with whitespace collapsed", () => {
    expect(titleFromMessage("  Hello,\n\n  my   lord  ")).toBe("Hello, my lord");
  });

  it("cuts long ones at a word boundary with an ellipsis, at most 60 characters", () => {
    const title = titleFromMessage(
      "Tell me everything about the twilight halls beneath the hollow hills, my lord",
    );
    expect(title).toBe("Tell me everything about the twilight halls beneath the…");
    expect(title.length).toBeLessThanOrEqual(60);
  });

  it("cuts a single enormous word hard", () => {
    expect(titleFromMessage("a".repeat(100))).toBe(`${"a".repeat(59)}…`);
  });
});

describe("subscription status", () => {
  const day = 24 * 60 * 60_000;
  const base = {
    subscriptionStatus: "trial" as const,
    trialEndDate: null,
    subscriptionPeriodEnd: null,
    cancelAtPeriodEnd: false,
    storeEntitlementExpiresAt: null,
  };

  it("is trial until the trial end date has passed, then expired", () => {
    expect(subscriptionStatusAt(base, now)).toBe("trial");
    expect(subscriptionStatusAt({ ...base, trialEndDate: new Date(+now + day) }, now)).toBe("trial");
    expect(subscriptionStatusAt({ ...base, trialEndDate: now }, now)).toBe("trial");
    expect(subscriptionStatusAt({ ...base, trialEndDate: new Date(+now - 1) }, now)).toBe("expired");
  });

  it("keeps a paid month active to its end, then through its grace period unless cancelled; only active is premium", () => {
    const past = new Date(+now - day);
    const active = { ...base, subscriptionStatus: "active" as const, trialEndDate: past };
    expect(subscriptionStatusAt({ ...active, subscriptionPeriodEnd: new Date(+now + day) }, now)).toBe(
      "active",
    );
    expect(subscriptionStatusAt({ ...active, subscriptionPeriodEnd: past }, now)).toBe("active");
    expect(
      subscriptionStatusAt({ ...active, subscriptionPeriodEnd: past, cancelAtPeriodEnd: true }, now),
    ).toBe("expired");
    // Past the grace period, expired whether or not a worker has run.
    expect(subscriptionStatusAt({ ...active, subscriptionPeriodEnd: new Date(+now - 3 * day) }, now)).toBe(
      "expired",
    );
    expect(subscriptionStatusAt({ ...base, subscriptionStatus: "expired" }, now)).toBe("expired");
    expect(isPremium({ ...active, subscriptionPeriodEnd: new Date(+now + day) }, now)).toBe(true);
    expect(isPremium(base, now)).toBe(false);
  });

  it("counts the free allowance per UTC day", () => {
    expect(utcDay(new Date("2026-11-21T23:59:59.999Z"))).toBe("2026-11-21");
    expect(utcDay(new Date("2026-11-22T00:00:00Z"))).toBe("2026-11-22");
  });
});

describe("cookies", () => {
  it("parses a Cookie header, first value of a name winning, bad encodings kept as they are", () => {
    const cookies = parseCookies('a=1; rh_session=abc; a=2; b="quoted"; c=%E0%A4%A; broken');
    expect(Object.fromEntries(cookies)).toEqual({ a: "1", rh_session: "abc", b: "quoted", c: "%E0%A4%A" });
    expect(parseCookies(undefined).size).toBe(0);
  });

  it("serialises attributes", () => {
    expect(
      serializeCookie("s", "v v", {
        httpOnly: true,
        secure: true,
        sameSite: "Lax",
        maxAgeSeconds: 60,
        path: "/",
      }),
    ).toBe("s=v%20v; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax");
  });
});

describe("acceptsGzip (Accept-Encoding)", () => {
  it.each([
    ["gzip, deflate, br", true],
    ["br;q=1.0, gzip;q=0.8, *;q=0.1", true],
    ["x-gzip", true],
    ["*", true],
    ["GZIP", true],
    ["identity", false],
    ["br, deflate", false],
    ["gzip;q=0", false],
    ["br, gzip;q=0, *", false],
    ["br, *;q=0", false],
    ["", false],
    [undefined, false],
  ])("%s → %s", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
