// Every write to a user's row announces it here after it is committed, so in-process caches of users (the session
// cache) drop their copy at once. Other processes learn of it when their cache entry expires (a few seconds).

type Listener = (userIds: readonly string[] | "all") => void;
const listeners = new Set<Listener>();

/**
 * Subscribes to user changes; returns the unsubscribe function.
 *
 * @example
 * const stop = onUserChanged((ids) => cache.forget(ids));
 */
export function onUserChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Announces that these users' rows changed (call after the write is committed), or "all" after a bulk update.
 *
 * @example
 * await tx.update(users).set({ role }).where(eq(users.id, id)); // inside the transaction…
 * userChanged(id); // …and after it committed
 */
export function userChanged(...userIds: string[] | ["all"]): void {
  const changed = userIds[0] === "all" ? "all" : (userIds as string[]);
  if (changed !== "all" && changed.length === 0) return;
  for (const listener of listeners) listener(changed);
}
