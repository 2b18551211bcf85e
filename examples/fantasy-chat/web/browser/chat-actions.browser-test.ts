// Real-browser check of the chat's message actions against the built server: regenerate (streamed) with swipes
// between versions, edit, delete, and stop. Needs the server's regenerate/versions/edit/delete routes.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../../e2e/support/app-server";
import { expectCleanLog, launchBrowser, openPage, type PageLog } from "../../e2e/support/browser";

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let log: PageLog;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  ({ context, page, log } = await openPage(browser));
  const registered = await context.request.post(`${app.url}/api/auth/register`, {
    data: {
      email: "isolde@example.test",
      password: "correct horse battery",
      firstName: "Isolde",
      lastName: "Fen",
    },
  });
  expect(registered.status()).toBe(201);
  await page.goto(`${app.url}/`);
  await page.getByRole("button", { name: "Yes, I'm 18+" }).click();
  await page.getByRole("button", { name: "Start 7-Day Free Trial" }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("heading", { name: "Welcome back, Isolde" }).waitFor();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
  if (log) expectCleanLog(log, "chat actions");
});

const replyText = () => page.locator(".message-character .bubble").first().textContent();

describe("chat message actions", () => {
  it("regenerates the reply, swipes between its versions, edits and deletes the message, and stops a reply", async () => {
    await page.goto(`${app.url}/chat/new?character=aeron-stormwing`);
    const input = page.getByPlaceholder("Type your message...");
    await input.fill("Take me flying tonight");
    await input.press("Enter");
    await page.waitForURL(/\/chat\/(?!new)[^/?]+$/);
    await input.press("Enter");
    await page.getByRole("button", { name: "Regenerate reply" }).waitFor();
    const first = await replyText();

    await page.getByRole("button", { name: "Regenerate reply" }).click();
    await page.getByText("2/2").waitFor();
    const second = await replyText();
    expect(second).not.toBe(first);
    await page.getByRole("button", { name: "Previous version" }).click();
    await page.getByText("1/2").waitFor();
    expect(await replyText()).toBe(first);
    // The chosen version is kept by the server.
    await page.reload();
    await page.getByText("1/2").waitFor();

    await page.getByRole("button", { name: "Edit message" }).click();
    await page.getByLabel("Edit message").fill("Take me flying at dawn");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("(edited)").waitFor();
    await page.getByText("Take me flying at dawn").waitFor();

    await page.getByRole("button", { name: "Delete message" }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText("No messages yet").waitFor();

    // The persona engine answers within milliseconds: hold its answer back in the browser (the server has stored
    // the message and the reply) so that there is a reply in flight to stop.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/chats/*/messages", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      const answer = await route.fetch();
      await held;
      await route.fulfill({ response: answer }).catch(() => {});
    });
    await input.fill("Tell me the whole saga of the storm drakes");
    await input.press("Enter");
    await page.getByRole("button", { name: "Stop" }).click();
    await page.getByRole("button", { name: "Send" }).waitFor();
    await page.locator(".message-user .bubble").first().waitFor();
    release();
  });
});
