// The entry page and the sign-in mail speak every language of the other hosted pages, each text filled in; the
// flood limits' verdict is a pure rule.
import { describe, expect, it } from "vitest";
import { signInLinkMail } from "../src/manage/sign-in-link-mail.js";
import { ENTRY_LOCALES } from "../src/manage/entry-texts.js";
import { MANAGE_LOCALES } from "../src/manage/manage-texts.js";
import { SIGN_IN_MAIL_LIMITS, judgeSignInMail } from "../src/manage/sign-in-mail-limit.js";

describe("the entry page's and sign-in mail's texts", () => {
  it("exist for every language of the hosted pages, with every key filled in and {title} where English has it", () => {
    expect(Object.keys(ENTRY_LOCALES).sort()).toEqual(Object.keys(MANAGE_LOCALES).sort());
    const keys = Object.keys(ENTRY_LOCALES.en!).sort();
    for (const [locale, texts] of Object.entries(ENTRY_LOCALES)) {
      expect(Object.keys(texts).sort(), locale).toEqual(keys);
      for (const [key, text] of Object.entries(texts)) {
        expect(text.trim(), `${locale}.${key}`).not.toBe("");
        expect(text.includes("{title}"), `${locale}.${key}`).toBe(
          (ENTRY_LOCALES.en as unknown as Record<string, string>)[key]!.includes("{title}"),
        );
      }
    }
  });

  it("mail the link in the customer's language, right to left for Arabic, with the link escaped in HTML", () => {
    const link = "https://shop.example/billing/manage/eyJ2.sig?lang=ar&x=<y>";
    const mail = signInLinkMail({ locale: "ar", link });
    expect(mail.subject).toBe(ENTRY_LOCALES.ar!.mailSubject);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain(
      'href="https://shop.example/billing/manage/eyJ2.sig?lang=ar&amp;x=&lt;y&gt;"',
    );
    expect(mail.text).toContain(link);
  });
});

describe("the sign-in mail flood limits", () => {
  it("allow 3 mails an hour to a customer and 20 for a requester, then stop, naming the limit", () => {
    expect(SIGN_IN_MAIL_LIMITS).toMatchObject({ perCustomer: 3, perRequester: 20, windowMs: 3_600_000 });
    expect(judgeSignInMail({ customer: 2, requester: 19 })).toBe("send");
    expect(judgeSignInMail({ customer: 3, requester: 0 })).toBe("customer_limit");
    expect(judgeSignInMail({ customer: 0, requester: 20 })).toBe("requester_limit");
  });
});
