import { requiredString } from "../http/validate.js";

/**
 * Passwords of 8 or more characters that lead every breach list, lower-cased: the first thing an attacker tries.
 * A short list on purpose (no download, no large file); it catches the guesses that matter most.
 */
const COMMON_PASSWORDS = new Set([
  "password",
  "password1",
  "password12",
  "password123",
  "passw0rd",
  "p@ssw0rd",
  "p@ssword",
  "12345678",
  "123456789",
  "1234567890",
  "0123456789",
  "87654321",
  "11111111",
  "00000000",
  "88888888",
  "12341234",
  "11223344",
  "1q2w3e4r",
  "1qaz2wsx",
  "qwertyui",
  "qwertyuiop",
  "qwerty123",
  "qwerty12",
  "asdfghjkl",
  "asdfasdf",
  "zxcvbnm1",
  "iloveyou",
  "iloveyou1",
  "sunshine",
  "princess",
  "football",
  "baseball",
  "welcome1",
  "welcome123",
  "letmein1",
  "superman",
  "starwars",
  "trustno1",
  "whatever",
  "dragon123",
  "monkey123",
  "abc12345",
  "abcd1234",
  "aa123456",
  "a1234567",
  "qazwsxedc",
  "admin123",
  "administrator",
  "changeme",
  "computer",
  "internet",
  "michelle",
  "jennifer",
  "sweetheart",
  "realmheart",
  "realmheart1",
  "fantasy1",
  "loveyou1",
  "romance1",
]);

/**
 * A new password (registration, reset): 8–200 characters, not blank or only spaces, not one of the most common.
 *
 * @example
 * z.object({ password: newPasswordField() });
 */
export function newPasswordField() {
  return requiredString("Password is required")
    .min(8, "Password must be at least 8 characters")
    .max(200, "Password must be at most 200 characters")
    .refine((p) => p.trim().length >= 8, "Password must have at least 8 characters besides spaces")
    .refine(
      (p) => !COMMON_PASSWORDS.has(p.trim().toLowerCase()),
      "This password is one of the most common; choose one that is harder to guess",
    );
}
