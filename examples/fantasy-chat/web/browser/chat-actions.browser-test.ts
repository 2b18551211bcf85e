// Real-browser check of the chat's message actions against the built server: regenerate (streamed) with swipes
// between versions, edit, delete, and stop. Needs the server's regenerate/versions/edit/delete routes.
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../../e2e/support/app-server";
import { expectCleanLog, launchBrowser, openPage, type PageLog } from "../../e2e/support/browser";
import { trialUser } from "../../e2e/support/users";

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

  it("shows the actions under the newest exchange, and under an earlier message when pointed at or focused", async () => {
    // A user of its own: the first test spent the day's free messages.
    const own = await openPage(browser);
    try {
      await trialUser(own.context, own.page, app, "Brannoc");
      await own.page.goto(`${app.url}/chat/new?character=aeron-stormwing`);
      const input = own.page.getByPlaceholder("Type your message...");
      await input.fill("Take me flying tonight");
      await input.press("Enter");
      await own.page.waitForURL(/\/chat\/(?!new)[^/?]+$/);
      await input.press("Enter");
      const messages = own.page.locator("li.message");
      await messages.nth(1).waitFor();
      await own.page.getByRole("button", { name: "Send" }).waitFor();
      await input.fill("Higher, over the clouds");
      await input.press("Enter");
      await messages.nth(3).waitFor();
      await own.page.getByRole("button", { name: "Send" }).waitFor(); // the second reply has finished
      const actionsOpacity = (message: Locator) =>
        message.locator(".message-actions").evaluate((element) => getComputedStyle(element).opacity);

      await own.page.mouse.move(0, 0);
      const first = own.page.locator("li.message-user").first();
      expect(await actionsOpacity(first)).toBe("0");
      expect(await actionsOpacity(messages.nth(-2))).toBe("1");
      expect(await actionsOpacity(messages.last())).toBe("1");
      expect((await first.locator(".message-actions").boundingBox())?.height).toBeGreaterThan(0); // its room kept

      await first.hover();
      expect(await actionsOpacity(first)).toBe("1");
      await own.page.mouse.move(0, 0);
      expect(await actionsOpacity(first)).toBe("0");
      await first.getByRole("button", { name: "Edit message" }).focus();
      expect(await actionsOpacity(first)).toBe("1");
      expectCleanLog(own.log, "message actions shown");
    } finally {
      await own.context.close();
    }
  });
});
