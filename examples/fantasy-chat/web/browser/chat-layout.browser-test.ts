// The chat as a phone shows it, in Chromium against the built server: a conversation longer than the screen opens at
// its latest message, and the newest reply is whole between the header and the composer, not under either.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../../e2e/support/app-server";
import { expectCleanLog, launchBrowser, openPage, type PageLog } from "../../e2e/support/browser";
import { openNewChat, send } from "../../e2e/support/chat";
import { trialUser } from "../../e2e/support/users";

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let log: PageLog;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  ({ context, page, log } = await openPage(browser, { width: 390 }));
  await page.setViewportSize({ width: 390, height: 640 });
  await trialUser(context, page, app, "Thandi");
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
  if (log) expectCleanLog(log, "chat layout");
});

/** Where the newest reply, the header and the composer are on the screen, and how far the page is scrolled. */
function layout() {
  return page.evaluate(() => {
    const replies = document.querySelectorAll(".message-character");
    const newest = replies[replies.length - 1]!.getBoundingClientRect();
    const header = document.querySelector(".chat-header")!.getBoundingClientRect();
    const footer = document.querySelector(".chat-footer")!.getBoundingClientRect();
    const scroller = document.scrollingElement!;
    return {
      newestTop: newest.top,
      newestBottom: newest.bottom,
      headerBottom: header.bottom,
      footerTop: footer.top,
      overflow: scroller.scrollHeight - scroller.clientHeight,
      scrolled: scroller.scrollTop,
    };
  });
}

/** The newest reply (its bubble and its actions) lies whole between the header and the composer. */
async function expectNewestReplyVisible() {
  await expect
    .poll(async () => {
      const at = await layout();
      const whole = at.newestTop >= at.headerBottom - 1 && at.newestBottom <= at.footerTop + 1;
      return whole ? "whole" : JSON.stringify(at);
    })
    .toBe("whole");
}

describe("the chat on a phone", () => {
  it("shows each new reply whole above the composer, and reopens at the latest message", async () => {
    await openNewChat(
      page,
      app,
      "aeron-stormwing",
      "Tell me about the storm peaks and the riders who live there",
    );
    await send(page, "Tell me about the storm peaks and the riders who live there", 1);
    await expectNewestReplyVisible();
    await send(page, "I'm a healer from Cape Town. What do you do all day when you are not flying?", 2);
    await expectNewestReplyVisible();
    await send(page, "Do you ever get lonely up there? I do sometimes, on the long night shifts.", 3);
    await expectNewestReplyVisible();
    const chatUrl = page.url();
    expect((await layout()).overflow, "the conversation is longer than the screen").toBeGreaterThan(200);

    for (let reopening = 0; reopening < 3; reopening++) {
      await page.goto(`${app.url}/`);
      await page.goto(chatUrl);
      await page.locator(".message-character").nth(2).waitFor();
      await expectNewestReplyVisible();
      const at = await layout();
      expect(at.scrolled, `reopening ${reopening + 1}: scrolled to the end`).toBeGreaterThanOrEqual(
        at.overflow - 2,
      );
    }
  });

  it("has an opaque header and composer bar: no message text shows through them", async () => {
    const backgrounds = await page.evaluate(() =>
      [".chat-header", ".chat-footer"].map(
        (selector) => getComputedStyle(document.querySelector(selector)!).backgroundColor,
      ),
    );
    for (const background of backgrounds) expect(background).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
  });
});
