// Issue #47: a page load goes from the HTML's frame straight to its screen. The first screen's chunk is fetched
// before the first render (so React never shows, and holds, a loading frame), and the client config the server
// wrote into the page is there at the first render (the sandbox notice, without a request).
import { render, screen } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryLocation } from "wouter/memory-location";
import { INLINE_CONFIG_ID } from "../../server/src/system/client-config";
import { App, preloadScreen } from "../src/App";
import { CONFIG_KEY } from "../src/api/keys";
import { seedInlineConfig } from "../src/api/inline-config";
import { createQueryClient } from "../src/api/query-client";
import type { ClientConfig } from "../src/api/types";
import { USER_KEY } from "../src/auth/use-auth";
import { aUser } from "./support/fixtures";
import { server, signedIn } from "./support/server";

// The SDK's part of /subscribe is not under test here: it never finishes setting up.
vi.mock("../src/subscribe/sdk-billing", () => ({ configureBilling: () => new Promise(() => {}) }));

const NOT_FOUND = "404 Page Not Found";

const CONFIG: ClientConfig = {
  sdkApiKey: "rcb_sb_realmheart",
  billingBaseUrl: "/billing",
  paymentProvider: "sandbox",
  sandboxPayments: true,
};

/** A page holding `text` where the server writes the config. */
function pageWith(text: string): Pick<Document, "getElementById"> {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = INLINE_CONFIG_ID;
  element.textContent = text;
  return { getElementById: (id) => (id === INLINE_CONFIG_ID ? element : null) };
}

/** The client at `path` for a premium user already known (as the remembered user makes them known). */
function drawAt(path: string, queryClient = createQueryClient()) {
  const user = aUser({ subscriptionStatus: "active", trialEndDate: null, paymentMethodSetup: true });
  signedIn(user);
  queryClient.setQueryData(USER_KEY, user);
  return render(<App queryClient={queryClient} hook={memoryLocation({ path }).hook} />);
}

afterEach(() => document.body.replaceChildren());

describe("the first render", () => {
  it("draws a screen whose chunk was fetched ahead at once, never a loading frame", async () => {
    await preloadScreen("/subscribe", true);
    drawAt("/subscribe");
    // Synchronously after the render: nothing suspended.
    expect(screen.getByRole("heading", { name: "Choose Your Destiny" })).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  // Before the next test fetches the not-found screen's chunk (a chunk, once here, stays for the file's tests).
  it("shows the frame while a screen's chunk is not here yet (the case preloading avoids)", async () => {
    drawAt("/no/such/page");
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(await screen.findByRole("heading", { name: NOT_FOUND })).toBeTruthy();
  });

  it("fetches the screen a visitor or a signed-in user gets at a path, and resolves even when it cannot", async () => {
    await expect(preloadScreen("/", false)).resolves.toBeUndefined(); // the landing page is in the main chunk
    await expect(preloadScreen("/chat/chat-1", true)).resolves.toBeUndefined();
    await expect(preloadScreen("/no/such/page", true)).resolves.toBeUndefined(); // the not-found screen
    drawAt("/no/such/page");
    expect(screen.getByRole("heading", { name: NOT_FOUND })).toBeTruthy();
  });
});

describe("seedInlineConfig", () => {
  it("takes the config written into the page as /api/config's answer: the sandbox notice comes without a request", async () => {
    let asked = 0;
    server.use(
      http.get("*/api/config", () => {
        asked += 1;
        return HttpResponse.json(CONFIG);
      }),
    );
    const queryClient = createQueryClient();
    expect(seedInlineConfig(queryClient, pageWith(JSON.stringify(CONFIG)))).toBe(true);
    await preloadScreen("/subscribe", true);
    drawAt("/subscribe", queryClient);
    expect(screen.getByRole("note").textContent).toBe("Sandbox — no real money");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toBe(0);
  });

  it("leaves the config to its request when the page has none, or something that is not a config", () => {
    for (const text of ["", "{not json", JSON.stringify({ sdkApiKey: 7 }), "null"]) {
      const queryClient = createQueryClient();
      expect(seedInlineConfig(queryClient, pageWith(text)), text).toBe(false);
      expect(queryClient.getQueryData(CONFIG_KEY)).toBeUndefined();
    }
    expect(seedInlineConfig(createQueryClient(), { getElementById: () => null })).toBe(false);
  });
});
