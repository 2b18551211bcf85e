import { z } from "zod";

// Promotion codes of a project's catalogue (`promotion_codes`), in the catalogue's snake_case. The model is the
// smallest one a shop needs (docs/decisions.md, "Promotion codes"): a percentage or a fixed amount off the
// amount charged at checkout, optionally limited to some products, a validity window and a number of uses.

const instant = z.iso.datetime({ offset: true });

/** One promotion code as the catalogue file writes it. */
export const promotionCodeSchema = z
  .object({
    code: z
      .string()
      .regex(/^[A-Za-z0-9_-]{3,40}$/, "promotion codes are 3-40 letters, digits, _ or -")
      .describe("What the customer types; matched without regard to case."),
    display_name: z
      .string()
      .min(1)
      .max(100)
      .nullable()
      .default(null)
      .describe('The discount line\'s label ("Welcome offer"); the code itself when null.'),
    percent_off: z
      .number()
      .int()
      .min(1)
      .max(100)
      .nullable()
      .default(null)
      .describe("Whole percent off (1-100); exactly one of percent_off and amount_off."),
    amount_off: z
      .object({
        amount_micros: z
          .number()
          .int()
          .positive()
          .describe("The amount off in millionths of the currency's unit."),
        currency: z
          .string()
          .regex(/^[A-Z]{3}$/, "currency must be an ISO 4217 code")
          .describe("ISO 4217 code of the prices it applies to."),
      })
      .nullable()
      .default(null)
      .describe("A fixed amount off; exactly one of percent_off and amount_off."),
    products: z
      .array(z.string().min(1))
      .min(1)
      .nullable()
      .default(null)
      .describe("The product identifiers it applies to; every product when null."),
    starts_at: instant
      .nullable()
      .default(null)
      .describe("When it becomes valid (ISO 8601 with offset); at once when null."),
    expires_at: instant.nullable().default(null).describe("When it stops being valid; never when null."),
    max_redemptions: z
      .number()
      .int()
      .min(1)
      .nullable()
      .default(null)
      .describe("How many purchases may use it in all; unlimited when null."),
  })
  .refine((c) => (c.percent_off === null) !== (c.amount_off === null), {
    message: "a promotion code has exactly one of percent_off and amount_off",
  })
  .refine((c) => !c.starts_at || !c.expires_at || Date.parse(c.starts_at) < Date.parse(c.expires_at), {
    message: "a promotion code's starts_at must be before its expires_at",
  });

/** A validated promotion code of the catalogue. */
export type CataloguePromotionCode = z.infer<typeof promotionCodeSchema>;

/**
 * The form a code is stored and compared in: trimmed and upper-cased.
 *
 * @example
 * normalizePromotionCode(" welcome10 "); // "WELCOME10"
 */
export const normalizePromotionCode = (code: string) => code.trim().toUpperCase();
