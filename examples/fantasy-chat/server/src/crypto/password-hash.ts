import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

// N=2^15, r=8: 32 MiB and about 0.1 s per hash on a small server. OWASP suggests N=2^17 (128 MiB, 0.5 s), too
// much memory per concurrent sign-in for one small process; the parameters are stored in each hash, so they
// can be raised later without invalidating existing passwords.
const COST = { N: 32768, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const MAX_MEMORY = 64 * 1024 * 1024;

/**
 * Hashes that may run at once: each takes 32 MiB and a libuv thread, so a burst of sign-ins (one IP rotating
 * emails, many IPs) queues here instead of exhausting memory and the thread pool for everything else.
 */
export const MAX_CONCURRENT_HASHES = 4;
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than {@link MAX_CONCURRENT_HASHES} hashes are running, first come first served. */
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** How many hashes are running and waiting now (for tests and diagnostics). */
export function hashLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return limited(
    () =>
      new Promise((resolve, reject) => {
        scrypt(
          password.normalize("NFKC"),
          salt,
          KEY_LENGTH,
          { ...options, maxmem: MAX_MEMORY },
          (error, key) => (error ? reject(error) : resolve(key)),
        );
      }),
  );
}

/**
 * Hashes a password with scrypt and a random salt, as `scrypt$N$r$p$salt$key` (base64url parts), so the cost
 * can be raised later without breaking stored hashes.
 *
 * @example
 * const stored = await hashPassword("correct horse battery staple");
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/**
 * Checks a password against a stored hash in constant time. A malformed hash never matches.
 *
 * @example
 * if (!(await verifyPassword(body.password, user.passwordHash))) throw invalidCredentials();
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;

/**
 * A real hash of a random password, computed once: signing in with an unknown email still spends one scrypt,
 * so response times do not reveal which emails have accounts.
 *
 * @example
 * await verifyPassword(body.password, user?.passwordHash ?? (await decoyPasswordHash()));
 */
export function decoyPasswordHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString("hex"));
  return decoy;
}
