// The v1 customer info answer (`GET /v1/subscribers/{app_user_id}`), as a schema for the OpenAPI document: what
// domain/customer-info.ts answers, the same body RevenueCat's v1 API and the SDK read.
import { z } from "zod";

const date = z.string().describe("ISO 8601");
const nullableDate = date.nullable();

const entitlement = z.object({
  expires_date: nullableDate.describe(
    "When access ends (through a billing issue's grace period); null: never.",
  ),
  product_identifier: z
    .string()
    .describe("The product, or the rc_promo_… subscription of a promotional grant"),
  product_plan_identifier: z.string().optional().describe("Absent for a promotional grant"),
  purchase_date: date,
});

const subscription = z.object({
  purchase_date: date,
  original_purchase_date: date,
  expires_date: nullableDate,
  store: z.string().describe("rc_billing, test_store or promotional"),
  is_sandbox: z.boolean(),
  unsubscribe_detected_at: nullableDate,
  billing_issues_detected_at: nullableDate,
  grace_period_expires_date: nullableDate,
  refunded_at: nullableDate,
  period_type: z.enum(["normal", "trial", "intro"]),
  ownership_type: z.literal("PURCHASED"),
  store_transaction_id: z.string(),
  management_url: z.string().nullable(),
  product_plan_identifier: z.string().nullable(),
  display_name: z.string().nullable(),
  price: z.object({ amount: z.number(), currency: z.string() }).nullable(),
  auto_resume_date: nullableDate,
});

const nonSubscription = z.object({
  id: z.string(),
  purchase_date: date,
  original_purchase_date: date,
  store: z.string(),
  is_sandbox: z.boolean(),
  store_transaction_id: z.string(),
});

/** `subscriber` of the customer info answer. */
export const subscriberSchema = z.object({
  entitlements: z.record(z.string(), entitlement),
  subscriptions: z
    .record(z.string(), subscription)
    .describe(
      "By product id; a promotional grant as rc_promo_<entitlement>_<duration> (store promotional, never renewing)",
    ),
  non_subscriptions: z.record(z.string(), z.array(nonSubscription)),
  first_seen: date,
  original_app_user_id: z.string(),
  original_purchase_date: nullableDate,
  management_url: z.string().nullable(),
  subscriber_attributes: z
    .record(z.string(), z.object({ value: z.string(), updated_at_ms: z.number().int() }))
    .optional()
    .describe("The customer's attributes by name: only in answers to a secret key"),
});

/** The whole customer info answer: the request's date and the subscriber. */
export const customerInfoSchema = z.object({
  request_date: date,
  request_date_ms: z.number().int(),
  subscriber: subscriberSchema,
});
