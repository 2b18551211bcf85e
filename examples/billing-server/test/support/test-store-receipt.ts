// Buys through the Test Store exactly as the SDK does: POST /v1/receipts with a generated fetch token.
import { randomUUID } from "node:crypto";
import { KEYS } from "./catalogue.js";
import { call, type TestServer } from "./test-server.js";

export function newFetchToken(): string {
  return `test_${Date.now()}_${randomUUID()}`;
}

export async function postTestStoreReceipt(
  server: TestServer,
  appUserId: string,
  options: { fetchToken?: string; productId?: string; key?: string } = {},
) {
  const fetchToken = options.fetchToken ?? newFetchToken();
  const response = await call(server, "POST", "/v1/receipts", {
    key: options.key ?? KEYS.test,
    body: {
      fetch_token: fetchToken,
      product_id: options.productId ?? "premium_realm_monthly",
      app_user_id: appUserId,
      presented_offering_identifier: "default",
      presented_placement_identifier: null,
      applied_targeting_rule: null,
      initiation_source: "purchase",
    },
  });
  if (response.status !== 200) throw new Error(`receipt failed: ${JSON.stringify(response.body)}`);
  return { fetchToken, customerInfo: response.body };
}
