import { BillingErrorCode, badRequest } from "../http/billing-error.js";

// Deliberately loose (one @, a dot in the domain, no spaces): the mailbox is proven by the receipt email,
// not by a pattern.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** A trimmed email, null when absent or blank; 7012 when it does not look like an email. */
export function customerEmail(value: string | null | undefined): string | null {
  const email = value?.trim() ?? "";
  if (email === "") return null;
  if (email.length > 254 || !EMAIL_SHAPE.test(email)) {
    throw badRequest(
      `Email ${email.slice(0, 100)} is not valid. Please provide a valid email address.`,
      BillingErrorCode.InvalidEmail,
    );
  }
  return email;
}

/**
 * A stored email as an address worth mailing: trimmed, or null when blank or malformed (not worth a bounce).
 *
 * @example
 * usableEmail(" ada@example.com "); // "ada@example.com"
 * usableEmail("not an email"); // null
 */
export function usableEmail(value: string | null | undefined): string | null {
  try {
    return customerEmail(value);
  } catch {
    return null;
  }
}
