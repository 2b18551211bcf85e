import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SubscriptionInfo } from "../src/api/types";
import { aUser } from "./support/fixtures";
import { findToast, renderApp } from "./support/render-app";
import { apiError, server } from "./support/server";

const PERIOD_END = "2026-12-28T12:00:00.000Z";
const endDate = new Date(PERIOD_END).toLocaleDateString();

/** An active card-paid subscription; override what a test needs. */
function aSubscription(overrides: Partial<SubscriptionInfo> = {}): SubscriptionInfo {
  return {
    status: "active",
    plan: { id: "premium_monthly", name: "Premium Realm", amount: 9900, currency: "ZAR", interval: "month" },
    source: "card",
    periodEnd: PERIOD_END,
    cancelAtPeriodEnd: false,
    nextCharge: { date: PERIOD_END, amount: 9900, currency: "ZAR" },
    paymentMethod: { brand: "visa", last4: "4081", expMonth: 12, expYear: 2030 },
    freeTrial: false,
    billingIssue: false,
    graceEndsAt: null,
    history: [
      {
        reference: "rh-renewal",
        kind: "renewal",
        amount: 9900,
        currency: "ZAR",
        status: "success",
        createdAt: "2026-11-28T12:00:00.000Z",
        settledAt: "2026-11-28T12:00:01.000Z",
        refundedAt: null,
      },
      {
        reference: "rh-check",
        kind: "trial_setup",
        amount: 100,
        currency: "ZAR",
        status: "refunded",
        createdAt: "2026-11-21T12:00:00.000Z",
        settledAt: "2026-11-21T12:00:01.000Z",
        refundedAt: "2026-11-21T12:00:02.000Z",
      },
    ],
    managementUrl: "http://localhost/subscription",
    ...overrides,
  };
}

function subscriptionApi(initial: SubscriptionInfo) {
  let current = initial;
  const calls: string[] = [];
  server.use(
    http.get("*/api/subscription", () => HttpResponse.json(current)),
    http.post("*/api/subscription/cancel", () => {
      calls.push("cancel");
      current = { ...current, cancelAtPeriodEnd: true, nextCharge: null };
      return HttpResponse.json(current);
    }),
    http.post("*/api/subscription/resume", () => {
      calls.push("resume");
      current = { ...current, cancelAtPeriodEnd: false, nextCharge: initial.nextCharge };
      return HttpResponse.json(current);
    }),
  );
  return calls;
}

describe("the Subscription screen", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the plan, the next charge, the card and the billing history", async () => {
    subscriptionApi(aSubscription());
    renderApp("/subscription", aUser({ subscriptionStatus: "active" }));
    expect(await screen.findByRole("heading", { name: "Premium Realm — active" })).toBeTruthy();
    expect(screen.getByText("Premium Realm, R99.00 a month")).toBeTruthy();
    expect(screen.getByText(`R99.00 on ${endDate}`)).toBeTruthy();
    expect(screen.getByText("Visa ending in 4081, expires 12/2030")).toBeTruthy();
    const history = screen.getByRole("region", { name: "Billing history" });
    expect(within(history).getByText("Premium Realm — monthly renewal")).toBeTruthy();
    expect(within(history).getByText("R1.00 · Refunded")).toBeTruthy();
  });

  it("lists only payments that moved money: a closed payment window and a declined card get no line or receipt", async () => {
    const attempt = (reference: string, status: "failed" | "pending") => ({
      reference,
      kind: "subscription" as const,
      amount: 9900,
      currency: "ZAR",
      status,
      createdAt: "2026-11-29T12:00:00.000Z",
      settledAt: null,
      refundedAt: null,
    });
    const subscription = aSubscription();
    subscriptionApi({
      ...subscription,
      history: [attempt("rh-closed", "failed"), attempt("rh-waiting", "pending"), ...subscription.history],
    });
    renderApp("/subscription", aUser({ subscriptionStatus: "active" }));
    const history = await screen.findByRole("region", { name: "Billing history" });
    await within(history).findByText("Premium Realm — monthly renewal");
    expect(within(history).getAllByRole("listitem")).toHaveLength(2);
    expect(within(history).getAllByRole("link", { name: /^Receipt for/ })).toHaveLength(2);
    expect(within(history).queryByText(/Failed|Pending/)).toBeNull();
  });

  it("asks before cancelling, saying when access ends, and cancels only on confirmation; resume undoes it", async () => {
    const calls = subscriptionApi(aSubscription());
    const app = renderApp("/subscription", aUser({ subscriptionStatus: "active" }));
    await app.user.click(await screen.findByRole("button", { name: "Cancel subscription" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel your subscription?" });
    expect(dialog.getAttribute("aria-describedby")).toBeTruthy();
    expect(
      within(dialog).getByText(`You keep Premium Realm until ${endDate}. You won't be charged again.`),
    ).toBeTruthy();
    expect(document.activeElement?.textContent).toBe("Keep subscription");
    await app.user.click(within(dialog).getByRole("button", { name: "Keep subscription" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls).toEqual([]);

    await app.user.click(screen.getByRole("button", { name: "Cancel subscription" }));
    await app.user.click(
      within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel subscription" }),
    );
    await findToast("Subscription cancelled", "You won't be charged again.");
    expect(calls).toEqual(["cancel"]);
    expect(await screen.findByRole("heading", { name: "Premium Realm — cancelled" })).toBeTruthy();
    expect(screen.getByText(`${endDate}. You won't be charged again.`)).toBeTruthy();
    expect(screen.queryByText(/^R99.00 on/)).toBeNull();

    await app.user.click(screen.getByRole("button", { name: "Resume subscription" }));
    await findToast("Subscription resumed", "Your subscription renews as before.");
    expect(calls).toEqual(["cancel", "resume"]);
    expect(await screen.findByText(`R99.00 on ${endDate}`)).toBeTruthy();
  });

  it("shows the server's reason when a cancel is refused", async () => {
    subscriptionApi(aSubscription());
    server.use(
      http.post("*/api/subscription/cancel", () =>
        apiError(409, "Your renewal is being charged right now.", "renewal_in_progress"),
      ),
    );
    const app = renderApp("/subscription", aUser({ subscriptionStatus: "active" }));
    await app.user.click(await screen.findByRole("button", { name: "Cancel subscription" }));
    await app.user.click(
      within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel subscription" }),
    );
    await findToast("Could not cancel", "Your renewal is being charged right now.");
  });

  it("updates the card through the provider's popup and shows the new card", async () => {
    subscriptionApi(aSubscription());
    const completed: unknown[] = [];
    server.use(
      http.post("*/api/subscription/payment-method", () =>
        HttpResponse.json({ authorization_url: "/sandbox/authorize/rh-card", reference: "rh-card" }),
      ),
      http.post("*/api/subscription/payment-method/complete", async ({ request }) => {
        completed.push(await request.json());
        return HttpResponse.json(
          aSubscription({
            paymentMethod: { brand: "mastercard", last4: "5100", expMonth: 3, expYear: 2031 },
          }),
        );
      }),
    );
    const popup = { closed: false };
    const open = vi.spyOn(window, "open").mockImplementation(() => {
      setTimeout(() => (popup.closed = true), 50);
      return popup as unknown as Window;
    });
    const app = renderApp("/subscription", aUser({ subscriptionStatus: "active" }));
    await app.user.click(await screen.findByRole("button", { name: "Update card" }));
    await findToast("Card updated", "Your new card is saved for your renewals.");
    expect(open).toHaveBeenCalledWith("/sandbox/authorize/rh-card", "realmheart-payment", expect.any(String));
    expect(completed).toEqual([{ reference: "rh-card" }]);
    expect(await screen.findByText("Mastercard ending in 5100, expires 03/2031")).toBeTruthy();
  });

  it("completes a card update when the provider returns to this page (popup blocked)", async () => {
    subscriptionApi(aSubscription());
    const completed: unknown[] = [];
    server.use(
      http.post("*/api/subscription/payment-method/complete", async ({ request }) => {
        completed.push(await request.json());
        return apiError(402, "The payment has not been completed", "payment_incomplete");
      }),
    );
    const app = renderApp(
      "/subscription?card=pending&reference=rh-back",
      aUser({ subscriptionStatus: "active" }),
    );
    await findToast("Card update cancelled", "Your card was not changed.");
    expect(completed).toEqual([{ reference: "rh-back" }]);
    await waitFor(() => expect(app.path()).toBe("/subscription"));
  });

  it("offers a trial without a card an upgrade, and sends a store-paid subscriber to its management page", async () => {
    subscriptionApi(
      aSubscription({
        status: "trial",
        source: null,
        plan: null,
        periodEnd: null,
        nextCharge: null,
        paymentMethod: null,
        history: [],
      }),
    );
    const first = renderApp("/subscription", aUser({ paymentMethodSetup: false }));
    expect(await screen.findByRole("heading", { name: "Free plan" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Upgrade to Premium" }).getAttribute("href")).toBe("/subscribe");
    expect(screen.getByText("No payments yet.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel subscription" })).toBeNull();
    first.unmount();

    subscriptionApi(
      aSubscription({
        source: "store",
        nextCharge: null,
        paymentMethod: null,
        managementUrl: "http://localhost/billing/manage/x",
      }),
    );
    renderApp("/subscription", aUser({ subscriptionStatus: "active" }));
    const manage = await screen.findByRole("link", { name: "Manage subscription" });
    expect(manage.getAttribute("href")).toBe("http://localhost/billing/manage/x");
    expect(screen.queryByRole("button", { name: "Update card" })).toBeNull();
  });

  it("shows a store trial of the annual plan as a free trial of R990 a year", async () => {
    subscriptionApi(
      aSubscription({
        source: "store",
        freeTrial: true,
        plan: {
          id: "premium_annual",
          name: "Premium Realm",
          amount: 99000,
          currency: "ZAR",
          interval: "year",
        },
        nextCharge: null,
        paymentMethod: null,
        managementUrl: "http://localhost/billing/manage/x",
      }),
    );
    renderApp("/subscription", aUser({ subscriptionStatus: "active" }));
    expect(await screen.findByRole("heading", { name: "Free trial" })).toBeTruthy();
    expect(screen.getByText(/Premium Realm, R\s?990[.,]00 a year/)).toBeTruthy();
  });

  it("shows the overdue banner on every screen while a renewal is declined, linking to the card update", async () => {
    subscriptionApi(aSubscription({ billingIssue: true, graceEndsAt: "2026-12-31T12:00:00.000Z" }));
    renderApp("/", aUser({ subscriptionStatus: "active", billingIssue: true }));
    const banner = await screen.findByRole("alert");
    expect(banner.textContent).toBe("Your payment didn't go through — update your card");
    expect(within(banner).getByRole("link", { name: "update your card" }).getAttribute("href")).toBe(
      "/subscription",
    );
  });

  it("prints a receipt for a payment", async () => {
    subscriptionApi(aSubscription());
    const print = vi.fn();
    vi.stubGlobal("print", print);
    const app = renderApp("/subscription", aUser({ subscriptionStatus: "active" }));
    const history = await screen.findByRole("region", { name: "Billing history" });
    await app.user.click(within(history).getAllByRole("link", { name: /^Receipt for/ })[0]!);
    expect(await screen.findByRole("heading", { name: "Receipt" })).toBeTruthy();
    expect(screen.getByText("rh-renewal")).toBeTruthy();
    expect(screen.getByText("Premium Realm — monthly renewal")).toBeTruthy();
    expect(screen.getByText("ysolde@example.test", { exact: false })).toBeTruthy();
    await app.user.click(screen.getByRole("button", { name: "Print receipt" }));
    expect(print).toHaveBeenCalledOnce();
  });
});
