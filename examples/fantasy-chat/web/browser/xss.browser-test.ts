// XSS payloads rendered inert in Chromium (issue #11): markup in the user's names, profile, chat messages, chat
// titles and the persona's reply quoting the preferred name, and in an imported character's name, title,
// description and tags, shown on every screen that shows them. No payload may run (no dialog, `window.__xss`
// unset, no CSP violation), none may become an element or attribute, and each must read literally on the page.
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  INERT,
  watchForXss,
  XSS_PAYLOADS,
  xssReport,
  type XssWatch,
} from "../../../../scripts/xss-probe.mjs";
import { ADMIN_EMAIL, startApp, type RunningApp } from "../../e2e/support/app-server";
import { expectCleanLog, launchBrowser, openPage, type PageLog } from "../../e2e/support/browser";
import { PASSWORD, startTrial, verifyAge, verifyEmailByMail } from "../../e2e/support/users";

const { img, script, svg, link, markdownLink, iframe } = XSS_PAYLOADS;
const ALL = Object.values(XSS_PAYLOADS).join(" ");

const USER = { firstName: img, lastName: svg, preferredName: markdownLink };
const BACKSTORY = `Raised by smugglers: ${ALL}`;
const CHARACTER = { name: script, title: iframe, description: `A trickster of the marsh. ${ALL}` };
/** The first message becomes the chat's title; the second carries every payload. */
const MESSAGES = [svg, `Take this: ${ALL}`];
/** A title given when the chat is made through the API (at most 100 characters). */
const API_TITLE = `${link} ${markdownLink}`;

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let log: PageLog;
let watch: XssWatch;
let characterId: string;
let chatPath: string;

/** Expects `locator` (waiting for it) to read exactly `text`, i.e. the payload shown as text. */
async function expectText(locator: Locator, text: string) {
  await locator.first().waitFor();
  expect((await locator.first().textContent())?.trim()).toBe(text);
}

/** Expects no payload to have run or become markup on the current page. */
async function expectInert(label: string) {
  expect(await xssReport(page, watch), label).toEqual(INERT);
}

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  ({ context, page, log } = await openPage(browser));
  watch = await watchForXss(page);
  const registered = await context.request.post(`${app.url}/api/auth/register`, {
    data: { email: ADMIN_EMAIL, password: PASSWORD, firstName: USER.firstName, lastName: USER.lastName },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await verifyEmailByMail(page, app, ADMIN_EMAIL);
  await verifyAge(context, app);
  await startTrial(page, app);

  const imported = await context.request.post(`${app.url}/api/admin/characters/import`, {
    data: {
      spec: "chara_card_v2",
      spec_version: "2.0",
      data: {
        name: CHARACTER.name,
        description: CHARACTER.description,
        personality: "Sly and quick. Loves riddles.",
        first_mes: `Well met. ${ALL}`,
        tags: [link, markdownLink],
        extensions: { realmheart: { title: CHARACTER.title } },
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  characterId = ((await imported.json()) as { id: string }).id;

  const titled = await context.request.post(`${app.url}/api/chats`, {
    data: { characterId, title: API_TITLE },
  });
  expect(titled.status(), await titled.text()).toBe(201);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
  if (log) expectCleanLog(log, "XSS payloads");
});

describe("markup in user- and admin-given text is rendered inert", () => {
  it("the profile form saves and shows the preferred name and backstory as typed", async () => {
    await page.goto(`${app.url}/profile`);
    await page.getByLabel("Preferred Name").fill(USER.preferredName);
    await page.getByLabel("Your Character Backstory").fill(BACKSTORY);
    await page.getByRole("button", { name: "witty" }).click();
    await page.getByRole("button", { name: "Save Character Profile" }).click();
    await page.getByText("Profile Updated", { exact: true }).waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel("Preferred Name").inputValue()).toBe(USER.preferredName);
    await expect(page.getByLabel("Your Character Backstory").inputValue()).resolves.toBe(BACKSTORY);
    await expectInert("profile");
  });

  it("the character list shows the imported character's name, title, description and tags as text", async () => {
    await page.goto(`${app.url}/characters`);
    const card = page.locator(".character-card", { hasText: CHARACTER.description });
    await expectText(card.locator(".character-name"), CHARACTER.name);
    await expectText(card.locator(".character-title"), CHARACTER.title);
    await expectText(card.locator(".character-description"), CHARACTER.description);
    await expect(card.locator(".tag").allTextContents()).resolves.toEqual([link, markdownLink]);
    await expectInert("character list");
  });

  it("a chat with the character shows the messages, and the reply quoting the preferred name, as text", async () => {
    await page.locator(".character-card", { hasText: CHARACTER.description }).click();
    await page.waitForURL(new RegExp(`/chat/new\\?character=${characterId}$`));
    await expectText(page.locator(".chat-name"), CHARACTER.name);
    await expectText(page.locator(".chat-title"), CHARACTER.title);
    await expectInert("new chat");

    const input = page.getByPlaceholder("Type your message...");
    await input.fill(MESSAGES[0]!);
    await input.press("Enter");
    await page.waitForURL(/\/chat\/(?!new)[^/?]+$/);
    chatPath = new URL(page.url()).pathname;
    await input.press("Enter");
    await page.locator(".message-character .bubble").first().waitFor();
    await page.getByRole("button", { name: "Send" }).waitFor();
    await input.fill(MESSAGES[1]!);
    await input.press("Enter");
    await page.locator(".message-character .bubble").nth(1).waitFor();
    await page.getByRole("button", { name: "Send" }).waitFor();
    await expectInert("chat after streaming");

    // Read back from the server, not the streamed state.
    await page.reload();
    await expect
      .poll(() => page.locator(".message-user .bubble").allTextContents())
      .toEqual(MESSAGES.map((m) => m.trim()));
    const replies = await page.locator(".message-character .bubble").allTextContents();
    expect(replies.join("\n")).toContain(USER.preferredName);
    await expectText(page.locator(".chat-name"), CHARACTER.name);
    await expectInert("chat reloaded");
  });

  it("home lists both chats by their titles, with the character's name, and greets by the first name", async () => {
    await page.goto(`${app.url}/`);
    await expectText(page.locator("h1.title"), `Welcome back, ${USER.firstName}`);
    const titles = page.locator(".list-item-title");
    await titles.first().waitFor();
    await expect(titles.allTextContents()).resolves.toEqual([MESSAGES[0], API_TITLE]);
    const metas = await page.locator(".list-item-meta").allTextContents();
    expect(metas.every((meta) => meta.startsWith(`${CHARACTER.name} · `))).toBe(true);
    await expectInert("home");

    await page.locator(".list-item", { hasText: API_TITLE }).click();
    await page.waitForURL((url) => url.pathname !== "/" && url.pathname !== chatPath);
    await page.getByText("No messages yet").waitFor();
    await expectText(page.locator(".chat-name"), CHARACTER.name);
    await expectInert("the chat made with a title");
  });

  it("the admin dashboard shows the user's names as text", async () => {
    await page.goto(`${app.url}/admin`);
    await page.getByRole("heading", { name: "User Management" }).waitFor();
    await page.getByRole("cell", { name: `${USER.firstName} ${USER.lastName}`, exact: true }).waitFor();
    await expectInert("admin");
  });
});
