// Money screens as a person meets them, in Chromium against the built server (sandbox gateway, Test Store SDK key):
// a declined trial card is called declined; /trial-setup's way out does not lead back to it; paying from a chat's
// paywall comes back to that chat with the typed message kept; and an admin reaches a refund at 1280×800 however
// many payments the customer has.
import { describe, expect, it } from "vitest";
import { ADMIN_EMAIL } from "../../e2e/support/app-server";
import { expectCleanLog, openPage } from "../../e2e/support/browser";
import { useAppSuite } from "../../e2e/support/suite";
import { messageInput, openNewChat, send, SEND_REFUSALS } from "../../e2e/support/chat";
import {
  advanceClock,
  register,
  runRenewals,
  startTrial,
  trialUser,
  verifyAge,
  verifyEmailByMail,
} from "../../e2e/support/users";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The signed-out `GET /api/auth/user` answers 401 by design. */
const SIGNED_OUT = [/\/api\/auth\/user$/];

const suite = useAppSuite();

/** A fresh signed-out page at `width`, checked for errors when `use` ends. */
async function withPage(
  label: string,
  options: { width?: number; expectedFailures?: RegExp[] },
  use: (session: Awaited<ReturnType<typeof openPage>>) => Promise<void>,
) {
  const session = await openPage(suite.browser, options);
  try {
    await use(session);
  } finally {
    await session.context.close();
  }
  expectCleanLog(session.log, label);
}

describe("money screens in Chromium", () => {
  it("a declined trial card is called declined, and /trial-setup's way out signs out instead of looping", () =>
    withPage("declined trial", { width: 390, expectedFailures: SIGNED_OUT }, async ({ context, page }) => {
      await register(context, suite.app, "Lindiwe");
      await verifyAge(context, suite.app);
      await page.goto(`${suite.app.url}/trial-setup`);
      await page.getByRole("button", { name: "Start 7-Day Free Trial" }).click();
      await page.getByRole("heading", { name: "Confirm your payment" }).waitFor();
      await page.getByRole("button", { name: "Decline" }).click();
      await page.waitForURL(/\/trial-setup\?setup=declined/);
      await page.getByText("Card Declined", { exact: true }).waitFor();
      await page.getByText(/Your card was declined, so your trial has not started/).waitFor();
      expect(await page.getByText("Please check your details and try again").count()).toBe(0);

      // Every page sends a user without a card to /trial-setup; its way out leaves, and stays left.
      await page.getByRole("link", { name: "Logout" }).click();
      await page.waitForURL(`${suite.app.url}/`);
      await page.getByRole("heading", { name: "Fall for a legend of the realm" }).waitFor();
      // Signed out: home is the landing page now, not another redirect to /trial-setup.
      await page.goto(`${suite.app.url}/`);
      await page.getByRole("heading", { name: "Fall for a legend of the realm" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/");
    }));

  it("paying from a chat's paywall comes back to that chat, with the typed message still there", () =>
    withPage("paywall return", { width: 390, expectedFailures: SEND_REFUSALS }, async ({ context, page }) => {
      await trialUser(context, page, suite.app, "Sipho");
      await openNewChat(page, suite.app, "aeron-stormwing", "Hello, Aeron");
      await send(page, "Hello, Aeron", 1);
      await send(page, "Tell me about the storm peaks", 2);
      await send(page, "What do you fear most?", 3);
      const chatPath = new URL(page.url()).pathname;
      const typed = "Then take me with you to the peaks tonight";
      await messageInput(page).fill(typed);
      await messageInput(page).press("Enter");
      const paywall = page.getByRole("dialog", { name: "Continue Your Story" });
      await paywall.getByRole("link", { name: "Upgrade to Premium" }).click();
      await page.waitForURL(/\/subscribe\?return=/);

      await page.getByRole("radio", { name: "App Store / Google Play" }).click();
      await page.getByRole("button", { name: "Subscribe via App Store" }).click();
      await page.getByRole("button", { name: "Test valid purchase" }).click();
      // The success toast comes with premium, not while the button still says 'Processing...'.
      await page.getByText("Payment Successful!", { exact: true }).waitFor();
      expect(await page.getByRole("button", { name: "Processing..." }).count()).toBe(0);
      await page.getByRole("link", { name: "Continue your conversation" }).click();

      await page.waitForURL(`${suite.app.url}${chatPath}`);
      await page.getByText("Unlimited", { exact: true }).waitFor();
      await expect.poll(() => messageInput(page).inputValue()).toBe(typed);
      await send(page, typed, 4);
    }));

  it("an admin reaches a refund at 1280×800 when the customer's payments make the dialog taller than the window", async () => {
    // A customer with a trial and several paid months.
    let customerEmail = "";
    await withPage("renewing customer", { width: 390 }, async ({ context, page }) => {
      const customer = await register(context, suite.app, "Naledi");
      customerEmail = customer.email;
      await verifyAge(context, suite.app);
      await startTrial(page, suite.app, { serverClockMoved: true });
    });
    await advanceClock(suite.app, 8 * DAY_MS);
    for (let month = 0; month < 12; month++) {
      if (month > 0) await advanceClock(suite.app, 31 * DAY_MS);
      await runRenewals(suite.app);
    }

    await withPage("admin refund", { width: 1280 }, async ({ context, page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await register(context, suite.app, "Morgana", ADMIN_EMAIL);
      await verifyEmailByMail(page, suite.app, ADMIN_EMAIL);
      await page.goto(`${suite.app.url}/admin`);
      await page.getByRole("button", { name: `Billing for ${customerEmail}` }).click();
      const dialog = page.getByRole("dialog", { name: `Billing for ${customerEmail}` });
      await dialog.getByRole("heading", { name: "Payments" }).waitFor();
      await expect
        .poll(() => dialog.getByRole("button", { name: /^Refund / }).count())
        .toBeGreaterThanOrEqual(10);
      const height = await dialog.evaluate((element) => element.scrollHeight);
      expect(height, "the dialog's content is taller than the window").toBeGreaterThan(800);

      await dialog
        .getByRole("button", { name: /^Refund / })
        .last()
        .click();
      await dialog.getByLabel(/Reason for refunding/).fill("Charged after asking to cancel");
      const refund = dialog.getByRole("button", { name: "Refund payment" });
      // Reachable with the mouse: scrolled into the window and clicked where it is.
      await refund.scrollIntoViewIfNeeded();
      const box = (await refund.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(800);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.getByText("Payment refunded", { exact: true }).waitFor();
    });
  });
});
