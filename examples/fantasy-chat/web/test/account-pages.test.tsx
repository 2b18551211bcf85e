import { screen } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { aUser } from "./support/fixtures";
import { findToast, renderApp } from "./support/render-app";
import { apiError, server } from "./support/server";

describe("email verification and password reset screens", () => {
  it("confirms the address from the mail's link, once", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post("*/api/auth/verify-email", async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ email: "ysolde@example.test", emailVerified: true });
      }),
    );
    renderApp("/verify-email?token=abc", null);
    expect(await screen.findByText("Your email is confirmed. Thank you!")).toBeTruthy();
    expect(bodies).toEqual([{ token: "abc" }]);
  });

  it("says a spent link is spent", async () => {
    server.use(
      http.post("*/api/auth/verify-email", () =>
        apiError(400, "This link has expired or was already used. Ask for a new one", "invalid_link"),
      ),
    );
    renderApp("/verify-email?token=old", null);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This link has expired or was already used. Ask for a new one",
    );
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
