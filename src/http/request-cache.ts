import type { PurchasesEnvironment } from "../environment";

interface Entry<T> {
  promise: Promise<T>;
  /** When the value was received; undefined while in flight. */
  storedAt?: number;
  /** The value received, or while a refresh is in flight the one before it. */
  value?: T;
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
      value: entry?.value,
      promise: load().then(
        (value) => {
          fresh.storedAt = this.env.now();
          fresh.value = value;
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

  /** @returns the last value received for `key`, however old, without loading; undefined when there is none. */
  peek<T>(key: string): T | undefined {
    return (this.entries.get(key) as Entry<T> | undefined)?.value;
  }

  /** Forgets every entry whose key starts with `prefix` (all when omitted). */
  invalidate(prefix = ""): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
