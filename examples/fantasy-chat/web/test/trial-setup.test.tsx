import { screen } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pageNavigation } from "../src/api/navigation";
import { aUser } from "./support/fixtures";
import { findToast, renderApp } from "./support/render-app";
import { apiError, server } from "./support/server";

const newUser = () => aUser({ paymentMethodSetup: false, trialEndDate: null });
const submit = () => screen.getByRole("button", { name: "Start 7-Day Free Trial" }) as HTMLButtonElement;

afterEach(() => vi.restoreAllMocks());

describe("trial setup", () => {
  it("shows the form prefilled from the user, the notices and 'What you get'", async () => {
    renderApp("/trial-setup", newUser());
    expect(await screen.findByRole("heading", { name: "7-Day Free Trial" })).toBeTruthy();
    // Every other page sends a user without a card here: the way out is Logout, not a Back that comes back.
    expect(screen.getByRole("link", { name: "Logout" }).getAttribute("href")).toBe("/api/logout");
    expect(screen.queryByRole("link", { name: "← Back" })).toBeNull();
    const email = screen.getByLabelText("Email") as HTMLInputElement;
    expect(email.type).toBe("email");
    expect(email.value).toBe("ysolde@example.test");
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Ysolde");
    expect((screen.getByLabelText("Last name") as HTMLInputElement).value).toBe("Marrow");
    expect(screen.getByText(/payment details are protected/)).toBeTruthy();
    expect(screen.getByText(/Terms of Service and Privacy Policy/)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "What you get" })).toBeTruthy();
    // The screen says what a trial is (the free allowance, a card saved) and that the R1.00 check is refunded.
    expect(screen.getByText("7 days with 3 free messages a day")).toBeTruthy();
    expect(screen.getAllByText(/R1\.00 verification/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/7 days of Premium Realm/)).toBeNull();
  });

  it("says 'Missing Information' when a field is empty", async () => {
    const app = renderApp("/trial-setup", newUser());
    await app.user.clear(await screen.findByLabelText("Last name"));
    await app.user.click(submit());
    await findToast("Missing Information", "Please fill in all required fields");
  });

  it("says 'Setting up...' and then goes to the provider's authorization page", async () => {
    const go = vi.spyOn(pageNavigation, "assign").mockImplementation(() => {});
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const bodies: unknown[] = [];
    server.use(
      http.post("*/api/setup-trial", async ({ request }) => {
        bodies.push(await request.json());
        await gate;
        return HttpResponse.json({
          status: true,
          message: "Authorization URL created",
          data: { authorization_url: "/sandbox/authorize/t-1", reference: "t-1" },
        });
      }),
    );
    const app = renderApp("/trial-setup", newUser());
    await app.user.click(await screen.findByRole("button", { name: "Start 7-Day Free Trial" }));
    expect((screen.getByRole("button", { name: "Setting up..." }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith("/sandbox/authorize/t-1"));
    expect(bodies).toEqual([{ email: "ysolde@example.test", firstName: "Ysolde", lastName: "Marrow" }]);
  });

  it("says 'Setup Failed' with the server's message, or 'Unable to setup trial' without one", async () => {
    server.use(
      http.post("*/api/setup-trial", () =>
        HttpResponse.json({ status: false, message: "Card gateway busy" }),
      ),
    );
    const app = renderApp("/trial-setup", newUser());
    await app.user.click(await screen.findByRole("button", { name: "Start 7-Day Free Trial" }));
    await findToast("Setup Failed", "Card gateway busy");
    server.use(http.post("*/api/setup-trial", () => HttpResponse.json({ status: false })));
    await app.user.click(submit());
    await findToast("Setup Failed", "Unable to setup trial");
  });

  it("says 'Setup Failed' / 'Please check your details and try again' when the call throws", async () => {
    server.use(http.post("*/api/setup-trial", () => apiError(500, "Internal server error")));
    const app = renderApp("/trial-setup", newUser());
    await app.user.click(await screen.findByRole("button", { name: "Start 7-Day Free Trial" }));
    await findToast("Setup Failed", "Please check your details and try again");
  });

  it("offers Back to home once a card is saved (nothing sends the user here then)", async () => {
    renderApp("/trial-setup", aUser({ paymentMethodSetup: true }));
    await screen.findByRole("heading", { name: "7-Day Free Trial" });
    expect(screen.getByRole("link", { name: "← Back" }).getAttribute("href")).toBe("/");
    expect(screen.queryByRole("link", { name: "Logout" })).toBeNull();
  });

  it("says the card was declined when the provider's return reports a declined card", async () => {
    renderApp("/trial-setup?setup=declined&reference=t-1", newUser());
    await findToast(
      "Card Declined",
      "Your card was declined, so your trial has not started. No money was taken: try again or use another card.",
    );
    expect(screen.queryByText("Please check your details and try again")).toBeNull();
  });

  it("says 'Setup Failed' when the provider's return reports a failed setup", async () => {
    renderApp("/trial-setup?setup=failed&reference=t-1", newUser());
    await findToast("Setup Failed", "Please check your details and try again");
  });
});
