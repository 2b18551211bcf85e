import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { CONFIG_KEY } from "../src/api/keys";
import { renderApp } from "./support/render-app";
import { server } from "./support/server";

/** Expects each link, found by its name, to point at its href. */
function expectLinks(hrefs: Record<string, string>) {
  for (const [name, href] of Object.entries(hrefs))
    expect(screen.getByRole("link", { name }).getAttribute("href"), name).toBe(href);
}

describe("signed-out routes", () => {
  it("shows the landing page with login links, the preview link, four features, six portraits and the 18+ footer", async () => {
    renderApp("/", null);
    await screen.findByRole("link", { name: "Begin Your Journey" });
    expectLinks({
      "Begin Your Journey": "/api/login",
      "Start 7-Day Free Trial": "/api/login",
      Login: "/api/login",
      "App Preview": "/preview",
    });
    for (const title of ["Diverse Characters", "AI-Powered Romance", "Safe & Private", "Premium Experience"])
      expect(screen.getByRole("heading", { name: title })).toBeTruthy();
    const portraits = screen.getAllByRole("img", { name: /^Portrait of/ });
    expect(portraits).toHaveLength(6);
    for (const img of portraits) expect(img.getAttribute("src")).toMatch(/^\/characters\/.+\.svg$/);
    expect(within(screen.getByRole("contentinfo")).getByText(/18\+ only/)).toBeTruthy();
  });

  it.each(["/subscribe", "/characters", "/chat/chat-1", "/chat/new?character=riven-ashe", "/profile"])(
    "shows the landing page at %s when signed out",
    async (path) => {
      renderApp(path, null);
      expect(await screen.findByRole("link", { name: "Begin Your Journey" })).toBeTruthy();
    },
  );

  it.each(["/admin", "/trial-setup", "/nowhere"])(
    "shows the not-found screen at %s when signed out",
    async (path) => {
      renderApp(path, null);
      expect(await screen.findByRole("heading", { name: /404 Page Not Found/ })).toBeTruthy();
      expect(screen.getByText("Did you forget to add the page to the router?")).toBeTruthy();
    },
  );

  it("shows the App Preview to visitors with its calls to action and sections", async () => {
    renderApp("/preview", null);
    await screen.findByRole("link", { name: "Try Now" });
    expectLinks({
      "Try Now": "/api/login",
      "Start Your Adventure": "/api/login",
      "Start Your Journey": "/api/login",
      "Learn More": "#features",
    });
    for (const title of ["Immersive Romance", "Royal Courts", "Dragon Wings", "Advanced AI"])
      expect(screen.getByRole("heading", { name: title })).toBeTruthy();
    expect(screen.getAllByRole("img", { name: /^Portrait of/ })).toHaveLength(6);
    expect(screen.getByRole("heading", { name: "Designed for Mobile" })).toBeTruthy();
  });

  it("shows the not-found screen for an unknown path when signed in", async () => {
    const { aUser } = await import("./support/fixtures");
    renderApp("/somewhere/else", aUser());
    expect(await screen.findByRole("heading", { name: /404 Page Not Found/ })).toBeTruthy();
  });
});

describe("the sandbox notice", () => {
  it("says 'Sandbox — no real money' on every page when the server runs production on sandbox money", async () => {
    server.use(
      http.get("*/api/config", () =>
        HttpResponse.json({
          sdkApiKey: "test_key",
          billingBaseUrl: "/billing",
          paymentProvider: "sandbox",
          sandboxPayments: true,
        }),
      ),
    );
    renderApp("/preview", null);
    expect((await screen.findByRole("note")).textContent).toBe("Sandbox — no real money");
  });

  it("is absent otherwise, once the configuration has arrived", async () => {
    const { queryClient } = renderApp("/", null);
    await screen.findByRole("link", { name: "Begin Your Journey" });
    await waitFor(() =>
      expect(queryClient.getQueryData(CONFIG_KEY)).toMatchObject({ paymentProvider: "sandbox" }),
    );
    expect(screen.queryByText("Sandbox — no real money")).toBeNull();
  });
});
