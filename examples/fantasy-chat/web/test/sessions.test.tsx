import { screen, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { describeAgent, type SessionInfo } from "../src/auth/SessionsList";
import { aUser } from "./support/fixtures";
import { findToast, renderApp } from "./support/render-app";
import { server } from "./support/server";

const session = (id: string, userAgent: string, current = false): SessionInfo => ({
  id,
  createdAt: "2026-11-20T10:00:00.000Z",
  expiresAt: "2026-12-20T10:00:00.000Z",
  userAgent,
  current,
});
const LAPTOP = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605 Version/17 Safari/605.1.15";
const PHONE = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36";
const TABLET = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Gecko/20100101 Firefox/130.0";

describe("where you're signed in (profile)", () => {
  it("names browsers in a few words", () => {
    expect(describeAgent(LAPTOP)).toBe("Safari on macOS");
    expect(describeAgent(PHONE)).toBe("Chrome on Android");
    expect(describeAgent(TABLET)).toBe("Firefox on iOS");
    expect(describeAgent(null)).toBe("Unknown browser");
  });

  it("lists sessions, signs one out, and signs out everywhere else", async () => {
    let sessions = [
      session("s-laptop", LAPTOP, true),
      session("s-phone", PHONE),
      session("s-tablet", TABLET),
    ];
    const calls: string[] = [];
    server.use(
      http.get("*/api/auth/sessions", () => HttpResponse.json(sessions)),
      http.delete("*/api/auth/sessions/:id", ({ params }) => {
        calls.push(`delete ${params.id}`);
        sessions = sessions.filter((s) => s.id !== params.id);
        return HttpResponse.json({ ended: 1 });
      }),
      http.post("*/api/auth/sessions/sign-out-others", () => {
        calls.push("others");
        sessions = sessions.filter((s) => s.current);
        return HttpResponse.json({ ended: 1 });
      }),
    );
    const app = renderApp("/profile", aUser());
    const region = await screen.findByRole("region", { name: "Where you're signed in" });
    expect(await within(region).findByText("Chrome on Android")).toBeTruthy();
    expect(within(region).getByText("This device")).toBeTruthy();
    await app.user.click(within(region).getByRole("button", { name: /^Sign out Firefox on iOS/ }));
    await findToast("Signed out", "That session has ended.");
    expect(calls).toEqual(["delete s-tablet"]);
    await app.user.click(within(region).getByRole("button", { name: "Sign out everywhere else" }));
    await findToast("Signed out", "You are signed out everywhere else.");
    expect(calls).toEqual(["delete s-tablet", "others"]);
    expect(await within(region).findByText("Safari on macOS")).toBeTruthy();
    expect(within(region).queryByRole("button", { name: "Sign out everywhere else" })).toBeNull();
  });
});
