import { and, eq } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import { products, purchases } from "../db/schema.js";
import type { WirePurchaseOption } from "./checkout-plan.js";

type Db = BillingDb | Parameters<Parameters<BillingDb["transaction"]>[0]>[0];
type ProductRow = typeof products.$inferSelect;

/** What decides a product's free trial: its group and its catalogue setting. */
export type TrialRules = Pick<ProductRow, "identifier" | "subscriptionGroup" | "trialEligibility">;

/**
 * The family a product's free trial is counted in: its `subscription_group`, else the product alone. The two
 * kinds are prefixed apart, so a group named like a product is not that product.
 *
 * @example
 * trialFamily({ identifier: "premium_realm_annual", subscriptionGroup: "premium_realm" }); // "group:premium_realm"
 */
export function trialFamily(product: Pick<ProductRow, "identifier" | "subscriptionGroup">): string {
  return product.subscriptionGroup === null
    ? `product:${product.identifier}`
    : `group:${product.subscriptionGroup}`;
}

/**
 * Whether a customer who has had trials in `triedFamilies` gets `product`'s free trial: always when the product
 * says `every_purchase`, else only when no product of its family ever gave them one.
 *
 * @example
 * isTrialEligible(premiumMonthly, new Set(["group:premium_realm"])); // false
 */
export function isTrialEligible(product: TrialRules, triedFamilies: ReadonlySet<string>): boolean {
  return product.trialEligibility === "every_purchase" || !triedFamilies.has(trialFamily(product));
}

/**
 * A purchase option as a customer is offered it: without its free trial when they are not eligible, so that the
 * purchase starts in the next phase (the intro price, else the base price). The one rule the product listing, the
 * checkout and the Test Store apply.
 *
 * @example
 * offeredOption(premiumOption, false).trial; // null
 */
export function offeredOption<T extends WirePurchaseOption>(option: T, trialEligible: boolean): T {
  return trialEligible || !option.trial ? option : { ...option, trial: null };
}

/**
 * The trial families of every free trial the customer has had (refunded ones too), from their purchases: a
 * purchase moved to another customer (identify) takes its trial with it. A product no longer in the catalogue
 * counts as its own family.
 *
 * @example
 * const tried = await triedTrialFamilies(ctx.db, "realmheart", "user_42"); // Set { "group:premium_realm" }
 */
export async function triedTrialFamilies(db: Db, projectId: string, appUserId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ identifier: purchases.productId, subscriptionGroup: products.subscriptionGroup })
    .from(purchases)
    .leftJoin(
      products,
      and(eq(products.projectId, purchases.projectId), eq(products.identifier, purchases.productId)),
    )
    .where(
      and(
        eq(purchases.projectId, projectId),
        eq(purchases.appUserId, appUserId),
        eq(purchases.periodType, "trial"),
      ),
    );
  return new Set(rows.map(trialFamily));
}

/**
 * Whether the customer gets `product`'s free trial now (one read of their trial history).
 *
 * @example
 * const plan = checkoutPlan(product, offeredOption(option, await trialEligibleNow(tx, projectId, appUserId, product)));
 */
export async function trialEligibleNow(
  db: Db,
  projectId: string,
  appUserId: string,
  product: TrialRules,
): Promise<boolean> {
  return isTrialEligible(product, await triedTrialFamilies(db, projectId, appUserId));
}
