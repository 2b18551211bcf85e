import { screen } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { aUser } from "./support/fixtures";
import { findToast, renderApp } from "./support/render-app";
import { apiError, server } from "./support/server";

describe("email verification and password reset screens", () => {
  const linkAccount = (signedIn: boolean) =>
    http.post("*/api/auth/verify-email/account", () =>
      HttpResponse.json({
        email: "ysolde@example.test",
        accountCreatedAt: "2026-11-20T09:30:00.000Z",
        signedIn,
      }),
    );

  it("confirms the address at once when the link is opened signed in to its account", async () => {
    const bodies: unknown[] = [];
    server.use(
      linkAccount(true),
      http.post("*/api/auth/verify-email", async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ email: "ysolde@example.test", emailVerified: true });
      }),
    );
    renderApp("/verify-email?token=abc", null);
    expect(await screen.findByText("Your email is confirmed. Thank you!")).toBeTruthy();
    expect(bodies).toEqual([{ token: "abc" }]);
  });

  it("opened without the account's session, names the account and confirms only with its password", async () => {
    const bodies: unknown[] = [];
    server.use(
      linkAccount(false),
      http.post("*/api/auth/verify-email", async ({ request }) => {
        const body = (await request.json()) as { password?: string };
        bodies.push(body);
        return body.password === "right password"
          ? HttpResponse.json({ email: "ysolde@example.test", emailVerified: true })
          : apiError(401, "This is not the password of that account", "invalid_credentials");
      }),
    );
    const app = renderApp("/verify-email?token=abc", null);
    const explanation = await screen.findByText(/for the Realmheart account created on/);
    expect(explanation.textContent).toContain("ysolde@example.test");
    expect(screen.getByRole("link", { name: "resetting its password" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
    expect(bodies).toEqual([]);
    await app.user.type(screen.getByLabelText("Password"), "wrong");
    await app.user.click(screen.getByRole("button", { name: "Confirm my email" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This is not the password of that account");
    await app.user.clear(screen.getByLabelText("Password"));
    await app.user.type(screen.getByLabelText("Password"), "right password");
    await app.user.click(screen.getByRole("button", { name: "Confirm my email" }));
    expect(await screen.findByText("Your email is confirmed. Thank you!")).toBeTruthy();
    expect(bodies).toEqual([
      { token: "abc", password: "wrong" },
      { token: "abc", password: "right password" },
    ]);
  });

  it("says a spent link is spent", async () => {
    server.use(
      http.post("*/api/auth/verify-email/account", () =>
        apiError(400, "This link has expired or was already used. Ask for a new one", "invalid_link"),
      ),
    );
    renderApp("/verify-email?token=old", null);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This link has expired or was already used. Ask for a new one",
    );
  });

  it("makes the signed-in account the administrator with the printed setup link, and asks a visitor to sign in first", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post("*/api/auth/admin-setup", async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(aUser({ role: "admin" }));
      }),
    );
    const visitor = renderApp("/admin-setup?token=printed", null);
    expect(await screen.findByRole("link", { name: "Sign in" })).toBeTruthy();
    expect(bodies).toEqual([]);
    visitor.unmount();

    const app = renderApp("/admin-setup?token=printed", aUser({ email: "operator@example.test" }));
    expect((await screen.findByText(/the administrator of this Realmheart/)).textContent).toContain(
      "operator@example.test",
    );
    await app.user.click(screen.getByRole("button", { name: "Make this account the administrator" }));
    expect(await screen.findByText("This account is now Realmheart's administrator.")).toBeTruthy();
    expect(bodies).toEqual([{ token: "printed" }]);
  });

  it("asks for a reset link and shows the same answer whatever the address", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post("*/api/auth/forgot-password", async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { message: "If an account exists for this address, we sent it a link." },
          { status: 202 },
        );
      }),
    );
    const app = renderApp("/forgot-password", null);
    await app.user.click(await screen.findByRole("button", { name: "Send reset link" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Enter a valid email address");
    expect(bodies).toEqual([]);
    await app.user.type(screen.getByLabelText("Email"), "ysolde@example.test");
    await app.user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("If an account exists for this address, we sent it a link.")).toBeTruthy();
    expect(bodies).toEqual([{ email: "ysolde@example.test" }]);
  });

  it("sets a new password from the link, checking both entries first", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post("*/api/auth/reset-password", async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(aUser());
      }),
    );
    const app = renderApp("/reset-password?token=tok", null);
    await app.user.type(await screen.findByLabelText("New password"), "silver moths over the marsh");
    await app.user.type(screen.getByLabelText("Repeat the new password"), "silver moths");
    await app.user.click(screen.getByRole("button", { name: "Set new password" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The two passwords differ");
    await app.user.type(screen.getByLabelText("Repeat the new password"), " over the marsh");
    await app.user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByRole("heading", { name: "Password changed" })).toBeTruthy();
    expect(bodies).toEqual([{ token: "tok", password: "silver moths over the marsh" }]);
  });

  it("offers an unverified user to send the verification mail again, from the profile", async () => {
    let sent = 0;
    server.use(
      http.post("*/api/auth/resend-verification", () => {
        sent += 1;
        return HttpResponse.json({ sent: true });
      }),
    );
    const app = renderApp("/profile", aUser({ emailVerified: false }));
    expect(await screen.findByText(/is not confirmed yet/)).toBeTruthy();
    await app.user.click(screen.getByRole("button", { name: "Send the link again" }));
    await findToast("Email sent", "Open the link we sent to ysolde@example.test.");
    expect(sent).toBe(1);
  });
});
