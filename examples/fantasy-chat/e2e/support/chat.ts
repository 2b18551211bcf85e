// The chat screen as a person uses it: open a new chat with a companion, send, and wait until the streamed reply
// has settled (every wait is on a condition of the page, never a fixed delay).
import type { Page } from "playwright-core";
import type { RunningApp } from "./app-server";

/** Answers that are refused by design: a send past the free allowance is a 402 (the paywall opens). */
export const SEND_REFUSALS = [/\/api\/chats\/[^/]+\/messages$/];

export const messageInput = (page: Page) => page.getByPlaceholder("Type your message...");
export const characterReplies = (page: Page) => page.locator(".message-character .bubble");

/**
 * Opens `/chat/new?character=…` and sends the first message, which creates the chat (docs/product.md: the text stays
 * in the input) and lands on `/chat/{id}`.
 */
export async function openNewChat(page: Page, app: RunningApp, characterId: string, text: string) {
  await page.goto(`${app.url}/chat/new?character=${characterId}`);
  await messageInput(page).fill(text);
  await messageInput(page).press("Enter");
  await page.waitForURL(/\/chat\/(?!new)[^/?]+$/);
  await page.getByText("No messages yet").waitFor();
}

/** Sends what the input holds and waits until the chat shows `replies` character messages and the input is clear. */
export async function sendAndSettle(page: Page, replies: number): Promise<string> {
  await messageInput(page).press("Enter");
  await page.waitForFunction((expected) => {
    const input = document.querySelector<HTMLTextAreaElement | HTMLInputElement>(
      '[placeholder="Type your message..."]',
    );
    return (
      document.querySelectorAll(".message-character").length === expected &&
      !document.querySelector('[aria-label="Stop"]') &&
      !document.querySelector(".message-character .typing") &&
      input?.value === ""
    );
  }, replies);
  return (
    (await characterReplies(page)
      .nth(replies - 1)
      .textContent()) ?? ""
  );
}

/** Types `text` and sends it (see {@link sendAndSettle}). */
export async function send(page: Page, text: string, replies: number): Promise<string> {
  await messageInput(page).fill(text);
  return sendAndSettle(page, replies);
}
