// Signing up on a phone, in Chromium against the built server: the way to create an account is on the first
// screen of the sign-in page, a refused sign-up says why once, and the first screen after it says where the
// confirmation link went.
import { describe, expect, it } from "vitest";
import { expectCleanLog, openPage } from "../../e2e/support/browser";
import { useAppSuite } from "../../e2e/support/suite";
import { uniqueEmail } from "../../e2e/support/users";

/** The signed-out `GET /api/auth/user` answers 401 by design; a refused sign-up answers 409. */
const EXPECTED = [/\/api\/auth\/user$/, /\/api\/auth\/register$/];

const suite = useAppSuite();

describe("signing up on a phone", () => {
  it("finds 'Create an account' on the first screen, hears a refusal once, then learns where the link went", async () => {
    const { context, page, log } = await openPage(suite.browser, { width: 390, expectedFailures: EXPECTED });
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${suite.app.url}/api/login`);
      const create = page.getByRole("link", { name: "Create an account" });
      const box = (await create.boundingBox())!;
      expect(box.y + box.height, "the link is on the first screen").toBeLessThanOrEqual(844);
      await create.click();
      const form = page.locator("form#register");
      const email = uniqueEmail("amahle");
      const signUp = async () => {
        await form.getByLabel("First name").fill("Amahle");
        await form.getByLabel("Last name").fill("Dube");
        await form.getByLabel("Email").fill(email);
        await form.getByLabel("Password").fill("correct horse battery");
        await form.getByRole("button", { name: "Create account" }).click();
      };
      await signUp();
      await page.getByRole("button", { name: "Yes, I'm 18+" }).waitFor();
      await page.getByText(`We sent a link to ${email}: open it to confirm your address.`).waitFor();

      // The same address again, from a signed-out page: the refusal is said once, beside the field.
      await context.clearCookies();
      await page.goto(`${suite.app.url}/api/login#register-title`);
      await signUp();
      await form.getByText("An account with this email already exists").waitFor();
      expect(await page.getByText("An account with this email already exists").count()).toBe(1);
      expect(await form.locator("#register-error").textContent()).toBe(
        "Please correct the field marked above.",
      );
    } finally {
      await context.close();
    }
    expectCleanLog(log, "sign-up");
  });
});
