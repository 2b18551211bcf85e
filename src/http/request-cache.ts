import type { PurchasesEnvironment } from "../environment";

interface Entry<T> {
  promise: Promise<T>;
  /** When the value was received; undefined while in flight. */
  storedAt?: number;
}

/**
 * Shares one in-flight request among identical concurrent calls and keeps its result for a short time.
 * Failures are never cached, so the next call tries again.
 */
export class RequestCache {
  private readonly entries = new Map<string, Entry<unknown>>();

  constructor(private readonly env: PurchasesEnvironment) {}

  /** @returns the cached or in-flight value for `key`, loading it when absent or older than `ttlMs`. */
  get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key) as Entry<T> | undefined;
    if (entry && (entry.storedAt === undefined || this.env.now() - entry.storedAt < ttlMs))
      return entry.promise;
    const fresh: Entry<T> = {
      promise: load().then(
        (value) => {
          fresh.storedAt = this.env.now();
          return value;
        },
        (error: unknown) => {
          if (this.entries.get(key) === fresh) this.entries.delete(key);
          throw error;
        },
      ),
    };
    this.entries.set(key, fresh);
    return fresh.promise;
  }

  /** Forgets every entry whose key starts with `prefix` (all when omitted). */
  invalidate(prefix = ""): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
