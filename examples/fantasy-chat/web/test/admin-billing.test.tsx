import { screen, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import type { SubscriptionInfo } from "../src/api/types";
import { ADMIN_USERS, STATS, aUser } from "./support/fixtures";
import { findToast, renderApp } from "./support/render-app";
import { apiError, server } from "./support/server";

function subscriptionOf(): SubscriptionInfo {
  return {
    status: "active",
    plan: { id: "premium_monthly", name: "Premium Realm", amount: 9900, currency: "ZAR", interval: "month" },
    source: "card",
    periodEnd: "2026-12-28T12:00:00.000Z",
    cancelAtPeriodEnd: false,
    nextCharge: { date: "2026-12-28T12:00:00.000Z", amount: 9900, currency: "ZAR" },
    paymentMethod: { brand: "visa", last4: "4081", expMonth: 12, expYear: 2030 },
    freeTrial: false,
    billingIssue: false,
    graceEndsAt: null,
    history: [
      {
        reference: "rh-paid",
        kind: "subscription",
        amount: 9900,
        currency: "ZAR",
        status: "success",
        createdAt: "2026-11-28T12:00:00.000Z",
        settledAt: "2026-11-28T12:00:01.000Z",
        refundedAt: null,
      },
    ],
    managementUrl: "http://localhost/subscription",
  };
}

function adminApi() {
  const calls = { refunds: [] as unknown[], cancels: 0 };
  let info = subscriptionOf();
  server.use(
    http.get("*/api/admin/stats", () => HttpResponse.json(STATS)),
    http.get("*/api/admin/users", () => HttpResponse.json(ADMIN_USERS)),
    http.get("*/api/admin/users/:id/subscription", () => HttpResponse.json(info)),
    http.post("*/api/admin/users/:id/subscription/cancel", () => {
      calls.cancels += 1;
      info = { ...info, cancelAtPeriodEnd: true, nextCharge: null };
      return HttpResponse.json(info);
    }),
    http.post("*/api/admin/payments/:reference/refund", async ({ request }) => {
      calls.refunds.push(await request.json());
      info = { ...info, history: info.history.map((p) => ({ ...p, status: "refunded" as const })) };
      return HttpResponse.json({ reference: "rh-paid", status: "refunded" });
    }),
  );
  return calls;
}

describe("admin billing", () => {
  it("shows MRR, the subscription counts, trial conversion and a described 30-day chart with its numbers", async () => {
    adminApi();
    renderApp("/admin", aUser({ role: "admin" }));
    const figures = await screen.findByRole("list", { name: "Billing figures" });
    expect(
      within(figures)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Monthly recurring revenueR99.00",
      "Active2",
      "Trials with a card1",
      "Cancelling1",
      "Past due0",
      "Trial → paid2 of 3 (67%)",
      "Churn (30 days)1 (25%)",
    ]);
    const chart = screen.getByRole("img", { name: "Last 30 days" });
    expect(chart.getAttribute("aria-describedby")).toBe("chart-desc");
    expect(screen.getByText("3 signups, 12 messages and R198.00 revenue in the last 30 days.")).toBeTruthy();
    expect(chart.querySelectorAll("polyline")).toHaveLength(3);
    // Each series on its own scale, named with its peak: counts and rand are never read against one axis.
    expect([...chart.querySelectorAll(".chart-band")].map((band) => band.textContent)).toEqual([
      "Signupspeak 3",
      "Messagespeak 12",
      "Revenuepeak R198.00",
    ]);
    const numbers = screen.getByRole("group");
    const rows = within(numbers).getAllByRole("row", { hidden: true }).slice(1);
    expect(rows).toHaveLength(30);
    expect(rows.at(-1)!.textContent).toBe("2026-11-30312R198.00");
  });

  it("opens a user's billing, cancels it, and refunds a payment only with a reason", async () => {
    const calls = adminApi();
    const app = renderApp("/admin", aUser({ role: "admin" }));
    const target = ADMIN_USERS[0]!;
    await app.user.click(await screen.findByRole("button", { name: `Billing for ${target.email}` }));
    const dialog = await screen.findByRole("dialog", { name: `Billing for ${target.email}` });
    expect(await within(dialog).findByText("Premium Realm — active")).toBeTruthy();
    expect(within(dialog).getByText("Visa ending in 4081, expires 12/2030")).toBeTruthy();

    await app.user.click(within(dialog).getByRole("button", { name: /^Refund/ }));
    await app.user.click(within(dialog).getByRole("button", { name: "Refund payment" }));
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "A reason is required (at least 3 characters)",
    );
    expect(calls.refunds).toEqual([]);
    await app.user.type(within(dialog).getByLabelText("Reason for refunding R99.00"), "Charged twice");
    await app.user.click(within(dialog).getByRole("button", { name: "Refund payment" }));
    await findToast("Payment refunded", "R99.00 refunded.");
    expect(calls.refunds).toEqual([{ reason: "Charged twice" }]);
    expect(await within(dialog).findByText("R99.00 · Refunded")).toBeTruthy();

    await app.user.click(within(dialog).getByRole("button", { name: "Cancel subscription" }));
    await findToast("Subscription cancelled", `${target.email} keeps access until the period ends.`);
    expect(calls.cancels).toBe(1);
    expect(await within(dialog).findByText("Premium Realm — cancelled")).toBeTruthy();
  });

  it("shows the server's reason when a refund is refused", async () => {
    adminApi();
    server.use(
      http.post("*/api/admin/payments/:reference/refund", () =>
        apiError(409, "A refund of this payment is already under way", "refund_in_progress"),
      ),
    );
    const app = renderApp("/admin", aUser({ role: "admin" }));
    await app.user.click(await screen.findByRole("button", { name: `Billing for ${ADMIN_USERS[0]!.email}` }));
    const dialog = await screen.findByRole("dialog");
    await app.user.click(await within(dialog).findByRole("button", { name: /^Refund/ }));
    await app.user.type(within(dialog).getByLabelText(/Reason for refunding/), "Duplicate");
    await app.user.click(within(dialog).getByRole("button", { name: "Refund payment" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "A refund of this payment is already under way",
    );
  });
});
