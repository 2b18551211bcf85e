// RevenueCat v2's list answers: `{ object: "list", items, next_page, url }`, a page at a time by `starting_after`
// (the id of the previous page's last item) and `limit` (1–100, 20 by default; values outside are clamped).
import { z } from "zod";

/** `limit` and `starting_after` of a list call's query. */
export const pageQuery = {
  limit: z
    .string()
    .regex(/^-?\d{1,9}$/, "must be a whole number")
    .transform((n) => Math.min(100, Math.max(1, Number(n))))
    .optional()
    .describe("Items per page, 1–100 (20 by default); values outside are clamped."),
  starting_after: z
    .string()
    .min(1)
    .max(512)
    .optional()
    .describe("The id of the previous page's last item; omitted for the first page."),
};

/** The default page size. */
export const DEFAULT_PAGE_SIZE = 20;

/**
 * A list answer's schema with items of `item`.
 *
 * @example
 * responses: { 200: listOf(customerSchema) }
 */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({
    object: z.literal("list"),
    items: z.array(item),
    next_page: z.string().nullable().describe("The path of the next page; null on the last."),
    url: z.string().describe("The path of this list."),
  });
}

/**
 * A list answer from one more row than the page holds (fetch `limit + 1`): the extra row says there is a next page.
 *
 * @example
 * const rows = await query(limit + 1);
 * return listPage(rows.map(toItem), limit, `/v2/projects/${id}/customers`, (item) => item.id);
 */
export function listPage<T>(
  itemsAndOneMore: T[],
  limit: number,
  url: string,
  idOf: (item: T) => string,
  extraQuery: Record<string, string | undefined> = {},
): { object: "list"; items: T[]; next_page: string | null; url: string } {
  const items = itemsAndOneMore.slice(0, limit);
  const more = itemsAndOneMore.length > limit;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(extraQuery)) if (value !== undefined) query.set(name, value);
  if (more) {
    query.set("limit", String(limit));
    query.set("starting_after", idOf(items.at(-1)!));
  }
  return { object: "list", items, next_page: more ? `${url}?${query}` : null, url };
}
