import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { guardDecision, isTrialExpired, trialDaysLeft } from "../src/auth/access";
import { AccessGuard, trialBannerText } from "../src/auth/AccessGuard";
import { createQueryClient } from "../src/api/query-client";
import { DAY_MS, aUser } from "./support/fixtures";
import { renderApp, findToast } from "./support/render-app";
import { apiError, server } from "./support/server";

const NOW = new Date("2026-11-22T12:00:00.000Z");

describe("guard decisions", () => {
  it("rounds trial days up and counts an ended trial as expired unless active", () => {
    expect(trialDaysLeft({ trialEndDate: new Date(NOW.getTime() + 1).toISOString() }, NOW)).toBe(1);
    expect(trialDaysLeft({ trialEndDate: new Date(NOW.getTime() + DAY_MS + 1).toISOString() }, NOW)).toBe(2);
    const ended = new Date(NOW.getTime() - 1).toISOString();
    expect(isTrialExpired({ subscriptionStatus: "trial", trialEndDate: ended }, NOW)).toBe(true);
    expect(isTrialExpired({ subscriptionStatus: "active", trialEndDate: ended }, NOW)).toBe(false);
    expect(isTrialExpired({ subscriptionStatus: "expired", trialEndDate: null }, NOW)).toBe(true);
  });

  it("asks for the age first, then the trial setup, then checks expiry", () => {
    const base = { isLoading: false };
    expect(guardDecision({ isLoading: true, user: null }, NOW)).toEqual({ kind: "loading" });
    expect(guardDecision({ ...base, user: null }, NOW)).toEqual({ kind: "redirect", to: "/" });
    expect(
      guardDecision({ ...base, user: aUser({ ageVerified: false, paymentMethodSetup: false }) }, NOW),
    ).toEqual({
      kind: "age-gate",
    });
    expect(
      guardDecision({ ...base, user: aUser({ paymentMethodSetup: false, trialEndDate: null }) }, NOW),
    ).toEqual({
      kind: "redirect",
      to: "/trial-setup",
    });
    expect(
      guardDecision(
        { ...base, user: aUser({ trialEndDate: new Date(NOW.getTime() - 1).toISOString() }) },
        NOW,
      ),
    ).toEqual({ kind: "expired" });
    expect(
      guardDecision({ ...base, user: aUser({ subscriptionStatus: "active", trialEndDate: null }) }, NOW),
    ).toEqual({ kind: "allow", trialDaysLeft: 0 });
  });

  it("writes the banner in the singular for one day and the plural otherwise", () => {
    expect(trialBannerText(1)).toBe("1 day left in your free trial");
    expect(trialBannerText(3)).toBe("3 days left in your free trial");
  });
});

describe("access guard screens", () => {
  it("shows a spinner while the user loads", async () => {
    server.use(http.get("*/api/auth/user", () => new Promise<never>(() => {})));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AccessGuard>
          <p>guarded content</p>
        </AccessGuard>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole("status")).toBeTruthy();
    expect(screen.getByText("Loading")).toBeTruthy();
    expect(screen.queryByText("guarded content")).toBeNull();
  });

  it("sends a trial without a payment method to /trial-setup", async () => {
    const app = renderApp("/characters", aUser({ paymentMethodSetup: false, trialEndDate: null }));
    expect(await screen.findByRole("heading", { name: "7-Day Free Trial" })).toBeTruthy();
    expect(app.path()).toBe("/trial-setup");
  });

  it("blocks an expired trial with the Trial Expired card", async () => {
    renderApp("/profile", aUser({ trialEndDate: new Date(Date.now() - DAY_MS).toISOString() }));
    expect(await screen.findByRole("heading", { name: "Trial Expired" })).toBeTruthy();
    expect(screen.getByText(/7-day free trial has ended/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Subscribe for R99/month" }).getAttribute("href")).toBe(
      "/subscribe",
    );
    expect(screen.getByText("Cancel anytime • Access all characters • Premium features")).toBeTruthy();
  });

  it("shows the trial banner with the days left and a Subscribe Now link", async () => {
    renderApp("/", aUser({ trialEndDate: new Date(Date.now() + 2 * DAY_MS + 5000).toISOString() }));
    expect(await screen.findByText("3 days left in your free trial")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Subscribe Now" }).getAttribute("href")).toBe("/subscribe");
  });

  it("shows '1 day left' on the last day", async () => {
    renderApp("/", aUser({ trialEndDate: new Date(Date.now() + 60_000).toISOString() }));
    expect(await screen.findByText("1 day left in your free trial")).toBeTruthy();
  });

  it("shows no banner to premium users", async () => {
    renderApp("/", aUser({ subscriptionStatus: "active", trialEndDate: null }));
    expect(await screen.findByText("Welcome back, Ysolde")).toBeTruthy();
    expect(screen.queryByText(/left in your free trial/)).toBeNull();
  });
});

describe("age gate", () => {
  it("is shown instead of home, says Verifying... while the call runs, then welcomes the user", async () => {
    let verified = false;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post("*/api/auth/verify-age", async () => {
        await gate;
        verified = true;
        return HttpResponse.json(aUser());
      }),
    );
    const app = renderApp("/", aUser({ ageVerified: false }));
    server.use(http.get("*/api/auth/user", () => HttpResponse.json(aUser({ ageVerified: verified }))));
    await app.user.click(await screen.findByRole("button", { name: "Yes, I'm 18+" }));
    expect(
      ((await screen.findByRole("button", { name: "Verifying..." })) as HTMLButtonElement).disabled,
    ).toBe(true);
    release();
    await findToast("Age Verified", "Welcome to Realmheart! Your adventure awaits.");
    expect(await screen.findByText("Welcome back, Ysolde")).toBeTruthy();
  });

  it("says where the confirmation link went right after sign-up, with a way to send it again", async () => {
    renderApp("/", aUser({ ageVerified: false, emailVerified: false }));
    const note = await screen.findByRole("note");
    expect(note.textContent).toContain(
      "We sent a link to ysolde@example.test: open it to confirm your address.",
    );
    expect(screen.getByRole("button", { name: "Send the link again" })).toBeTruthy();
  });

  it("says nothing of a link once the address is confirmed", async () => {
    renderApp("/", aUser({ ageVerified: false, emailVerified: true }));
    await screen.findByRole("button", { name: "Yes, I'm 18+" });
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("says the app is for adults only when the user answers No", async () => {
    const app = renderApp("/", aUser({ ageVerified: false }));
    await app.user.click(await screen.findByRole("button", { name: "No, I'm under 18" }));
    await findToast("Age Requirement", "This app is only available for users 18 years and older.");
  });

  it("shows 'Verification Failed' when the call fails", async () => {
    server.use(http.post("*/api/auth/verify-age", () => apiError(500, "Internal server error")));
    const app = renderApp("/", aUser({ ageVerified: false }));
    await app.user.click(await screen.findByRole("button", { name: "Yes, I'm 18+" }));
    await findToast("Verification Failed", "Please try again");
    await waitFor(() => expect(screen.getByRole("button", { name: "Yes, I'm 18+" })).toBeTruthy());
  });
});
