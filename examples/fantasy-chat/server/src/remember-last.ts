/**
 * `compute` with its results kept for the last `limit` keys it computed (`keyOf` of the argument, the argument itself
 * by default; insertion order: when full, the oldest key goes), for pure work asked again and again with the same
 * arguments — a chat's window read for every reply, a character's card, a session token.
 *
 * @example
 * const factsOf = rememberLast(2_000, (message: string) => readFacts(message));
 * factsOf("I keep bees."); // computed once, then kept
 */
export function rememberLast<A, V>(
  limit: number,
  compute: (argument: A) => V,
  keyOf: (argument: A) => string = String,
): (argument: A) => V {
  const known = new Map<string, V>();
  return (argument) => {
    const key = keyOf(argument);
    if (known.has(key)) return known.get(key) as V;
    const value = compute(argument);
    known.set(key, value);
    if (known.size > limit) known.delete(known.keys().next().value as string);
    return value;
  };
}
