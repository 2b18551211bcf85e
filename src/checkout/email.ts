// The shape docs/checkout.md asks of a customer email: something, an @, a domain with a dot. The backend and the
// gateway verify the rest.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Whether `email` has the shape of an email address.
 *
 * @example
 * isValidEmail("ada@example.com"); // true
 * isValidEmail("ada@example"); // false
 */
export function isValidEmail(email: unknown): email is string {
  return typeof email === "string" && EMAIL_SHAPE.test(email);
}
