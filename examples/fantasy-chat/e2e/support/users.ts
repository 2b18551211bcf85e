// Users for the journeys, each with a unique email so journeys never share state, and the server's test controls
// (NODE_ENV=test): the movable clock and a renewal pass.
import { randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import type { RunningApp } from "./app-server";

export const PASSWORD = "correct horse battery";

let counter = 0;

/** A unique address on a reserved domain. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(4).toString("hex")}@example.test`;
}

export interface NewUser {
  email: string;
  firstName: string;
}

/** Registers through the JSON API in the context's cookie jar (signed in afterwards). */
export async function register(
  context: BrowserContext,
  app: RunningApp,
  firstName: string,
  email = uniqueEmail(firstName.toLowerCase()),
): Promise<NewUser> {
  const answer = await context.request.post(`${app.url}/api/auth/register`, {
    data: { email, password: PASSWORD, firstName, lastName: "Tester" },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return { email, firstName };
}

/** Confirms the age through the API. */
export async function verifyAge(context: BrowserContext, app: RunningApp): Promise<void> {
  const answer = await context.request.post(`${app.url}/api/auth/verify-age`);
  expect(answer.status()).toBe(200);
}

/**
 * Sets up the trial in the page: `/trial-setup` → the sandbox gateway approves (optionally ticking "decline later
 * charges", so the renewal at the trial's end fails) → home with the trial banner.
 */
export async function startTrial(page: Page, app: RunningApp, options: TrialOptions = {}): Promise<void> {
  await page.goto(`${app.url}/trial-setup`);
  await page.getByRole("button", { name: "Start 7-Day Free Trial" }).click();
  await page.getByRole("heading", { name: "Confirm your payment" }).waitFor();
  if (options.declineLaterCharges) await page.getByLabel(/Decline later charges/).check();
  await page.getByRole("button", { name: "Approve" }).click();
  // The banner counts days on the browser's clock; once a journey has moved the server's, the count differs.
  await page
    .getByText(options.serverClockMoved ? /days? left in your free trial/ : "7 days left in your free trial")
    .waitFor();
}

/** How a journey's trial is set up. */
export interface TrialOptions {
  /** Tick "decline later charges", so renewals on this card fail. */
  declineLaterCharges?: boolean;
  /** An earlier journey moved the server's clock: the banner's day count is not 7 in the browser. */
  serverClockMoved?: boolean;
}

/** A signed-in, age-verified user on a running trial, on home. */
export async function trialUser(
  context: BrowserContext,
  page: Page,
  app: RunningApp,
  firstName: string,
  options: TrialOptions = {},
): Promise<NewUser> {
  const user = await register(context, app, firstName);
  await verifyAge(context, app);
  await startTrial(page, app, options);
  return user;
}

/** Moves the server's clock (and its billing server's) by `ms`. */
export async function advanceClock(app: RunningApp, ms: number): Promise<void> {
  const answer = await fetch(`${app.url}/api/test/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advanceMs: ms }),
  });
  expect(answer.status).toBe(200);
}

/** What one renewal pass did. */
export interface RenewalReport {
  charged: number;
  succeeded: number;
  failed: number;
  pending: number;
  expired: number;
}

/** Runs the renewal worker's pass now. */
export async function runRenewals(app: RunningApp): Promise<RenewalReport> {
  const answer = await fetch(`${app.url}/api/test/renewals`, { method: "POST" });
  expect(answer.status).toBe(200);
  return (await answer.json()) as RenewalReport;
}

/** The newest verification mail's link to `email` (the built server's test outbox holds the mails). */
export async function verificationLink(app: RunningApp, email: string): Promise<string> {
  const outbox = (await (await fetch(`${app.url}/api/test/outbox`)).json()) as { to: string; text: string }[];
  const link = outbox
    .filter((m) => m.to === email)
    .map((m) => m.text.match(/https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/)?.[0])
    .filter(Boolean)
    .at(-1);
  expect(link, `a verification mail to ${email}`).toBeTruthy();
  return link!;
}

/**
 * Opens the newest verification mail's link to `email` in the page, signed in to that account as its owner would
 * be, and waits for the confirmation.
 */
export async function verifyEmailByMail(page: Page, app: RunningApp, email: string): Promise<void> {
  await page.goto(await verificationLink(app, email));
  await page.getByText("Your email is confirmed. Thank you!").waitFor();
}
