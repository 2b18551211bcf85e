// A promotion code's max_redemptions holds under concurrency (issue #42): a checkout reserves a use when it applies
// the code, gives it back when it fails, drops the code or is abandoned, and confirms it when it pays; a Test
// Store receipt reserves and confirms in one go. Each single-use code below is used by one test only.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { importCatalogue } from "../src/catalogue/catalogue-versions.js";
import { promotionCodes, promotionRedemptions, purchases } from "../src/db/schema.js";
import { RESERVATION_HOLD_MS } from "../src/domain/promotion-code-reservations.js";
import { KEYS } from "./support/catalogue.js";
import { checkoutCatalogue, useCheckoutServer } from "./support/checkout-server.js";
import { DATABASES, call } from "./support/test-server.js";
import { newFetchToken } from "./support/test-store-receipt.js";

/** How this file imports a changed catalogue, as an operator would. */
const TEST_IMPORT = { source: "a test's catalogue", actor: "test" };

const NO_TRIAL = { offer_id: "no_trial", price_id: "prc_premium_realm_monthly_no_trial" };
const SINGLE_USE = ["SOLO_SWAP", "SOLO_LAPSE", "SOLO_RECEIPTS", "SOLO_SHARED"] as const;

describe.each(DATABASES)("promotion code reservations on %s", (kind) => {
  const { checkout, server, post, start, session } = useCheckoutServer(kind);
  beforeAll(async () => {
    const catalogue = checkoutCatalogue();
    const realmheart = catalogue.projects.find((p) => p.id === "realmheart")!;
    realmheart.promotion_codes.push(
      ...SINGLE_USE.map((code) => ({
        code,
        display_name: null,
        percent_off: 50,
        amount_off: null,
        products: null,
        starts_at: null,
        expires_at: null,
        max_redemptions: 1,
      })),
    );
    await importCatalogue(server().database.db, catalogue, TEST_IMPORT);
  });

  let users = 0;
  const user = () => `reservation_user_${++users}`;
  const patch = (id: string, code: string | null) =>
    call(server(), "PATCH", `/rcbilling/v1/checkout/${id}`, {
      key: KEYS.sandbox,
      body: { discount_code: code },
    });
  const receipt = (code: string, fetchToken = newFetchToken(), appUserId = user()) =>
    call(server(), "POST", "/v1/receipts", {
      key: KEYS.test,
      body: {
        fetch_token: fetchToken,
        product_id: "dragon_gems",
        app_user_id: appUserId,
        discount_code: code,
      },
    });
  const redemptions = async (code: string) => {
    const [row] = await server()
      .database.db.select()
      .from(promotionCodes)
      .where(and(eq(promotionCodes.projectId, "realmheart"), eq(promotionCodes.code, code)));
    return row?.redemptionCount;
  };
  const holds = async (code: string) =>
    (
      await server()
        .database.db.select({ holderId: promotionRedemptions.holderId, status: promotionRedemptions.status })
        .from(promotionRedemptions)
        .where(eq(promotionRedemptions.code, code))
    ).sort((a, b) => a.status.localeCompare(b.status));
  const refusedWith = (response: { status: number; body: any }) =>
    response.status === 400 ? response.body.code : response.status;
  /** complete → the customer confirms in Stripe.js (or the card is declined) → Stripe's webhook. */
  const pay = async (id: string, outcome: "succeeded" | "declined") => {
    const complete = await post(`/${id}/complete`, { email: "ada@example.com" });
    expect(complete.status).toBe(200);
    const delivery = await checkout().stripe.confirm(complete.body.gateway_params.client_secret, outcome);
    expect(delivery.status).toBe(200);
    return delivery;
  };

  it("lets one of 10 checkouts hold a single-use code, frees it when that card is declined, never again once paid", async () => {
    const ids = await Promise.all(Array.from({ length: 10 }, () => start(user(), NO_TRIAL)));
    const applied = await Promise.all(ids.map((id) => patch(id, "ONCE")));
    expect(applied.map(refusedWith).sort()).toEqual([200, ...Array(9).fill(7818)]);
    const holder = ids[applied.findIndex((r) => r.status === 200)]!;
    const others = ids.filter((id) => id !== holder);

    await pay(holder, "declined");
    expect((await session(holder))?.status).toBe("failed");
    const retried = await Promise.all(others.map((id) => patch(id, "ONCE")));
    expect(retried.map(refusedWith).sort()).toEqual([200, ...Array(8).fill(7818)]);
    const payer = others[retried.findIndex((r) => r.status === 200)]!;

    const delivery = await pay(payer, "succeeded");
    expect((await session(payer))?.status).toBe("succeeded");
    expect((await checkout().stripe.deliver(delivery.event)).status).toBe(200);
    expect(await redemptions("ONCE")).toBe(1);
    expect(await holds("ONCE")).toEqual([
      { holderId: payer, status: "confirmed" },
      { holderId: holder, status: "released" },
    ]);
    for (const id of [...others.filter((id) => id !== payer), await start(user(), NO_TRIAL)]) {
      expect(refusedWith(await patch(id, "ONCE"))).toBe(7818);
    }
    expect(refusedWith(await receipt("ONCE"))).toBe(7818);
  });

  it("gives a code back when its checkout replaces or removes it", async () => {
    const [first, second] = [await start(user(), NO_TRIAL), await start(user(), NO_TRIAL)];
    expect((await patch(first, "SOLO_SWAP")).status).toBe(200);
    expect(refusedWith(await patch(second, "SOLO_SWAP"))).toBe(7818);
    expect((await patch(first, "WELCOME10")).status).toBe(200);
    expect((await patch(second, "SOLO_SWAP")).status).toBe(200);
    expect(refusedWith(await patch(first, "SOLO_SWAP"))).toBe(7818);
    expect((await patch(second, null)).status).toBe(200);
    expect((await patch(first, "SOLO_SWAP")).status).toBe(200);
    expect(await redemptions("SOLO_SWAP")).toBe(0);
  });

  it("lets an abandoned checkout's hold lapse, and then refuses that checkout at complete", async () => {
    const [abandoned, later] = [await start(user(), NO_TRIAL), await start(user(), NO_TRIAL)];
    expect((await patch(abandoned, "SOLO_LAPSE")).status).toBe(200);
    server().clock.advance(RESERVATION_HOLD_MS - 60_000);
    expect(refusedWith(await patch(later, "SOLO_LAPSE"))).toBe(7818);
    server().clock.advance(2 * 60_000);
    expect((await patch(later, "SOLO_LAPSE")).status).toBe(200);
    expect(await holds("SOLO_LAPSE")).toEqual([
      { holderId: abandoned, status: "released" },
      { holderId: later, status: "reserved" },
    ]);

    expect(refusedWith(await post(`/${abandoned}/complete`, { email: "ada@example.com" }))).toBe(7818);
    expect((await session(abandoned))?.status).toBe("started");
    await pay(later, "succeeded");
    expect(await redemptions("SOLO_LAPSE")).toBe(1);
  });

  it("grants a single-use code to exactly one of 30 parallel Test Store receipts and counts its replay once", async () => {
    const tokens = Array.from({ length: 30 }, () => newFetchToken());
    const answers = await Promise.all(tokens.map((token) => receipt("SOLO_RECEIPTS", token)));
    expect(answers.map(refusedWith).sort()).toEqual([200, ...Array(29).fill(7818)]);
    const winner = tokens[answers.findIndex((r) => r.status === 200)]!;
    expect(await redemptions("SOLO_RECEIPTS")).toBe(1);
    expect(await holds("SOLO_RECEIPTS")).toEqual([{ holderId: winner, status: "confirmed" }]);

    const [purchase] = await server()
      .database.db.select()
      .from(purchases)
      .where(eq(purchases.storeTransactionId, winner));
    const replays = await Promise.all(
      [0, 1, 2].map(() => receipt("SOLO_RECEIPTS", winner, purchase!.appUserId)),
    );
    expect(replays.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await redemptions("SOLO_RECEIPTS")).toBe(1);
  });

  it("counts a checkout's hold against a Test Store receipt", async () => {
    const id = await start(user(), NO_TRIAL);
    expect((await patch(id, "SOLO_SHARED")).status).toBe(200);
    expect(refusedWith(await receipt("SOLO_SHARED"))).toBe(7818);
    expect((await patch(id, null)).status).toBe(200);
    expect((await receipt("SOLO_SHARED")).status).toBe(200);
    expect(refusedWith(await patch(id, "SOLO_SHARED"))).toBe(7818);
  });
});
