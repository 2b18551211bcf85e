// The module under test, typed as the peer's published package: the scenario reaches every value (Purchases,
// ErrorCode, OfferingKeyword, ...) through it, so the same code runs on @revenuecat/purchases-js and on
// purchases-web. Whether purchases-web's own types fit this shape is checked by the sample app (sample-app.ts).
import type * as PurchasesJs from "@revenuecat/purchases-js";

export type Sdk = typeof PurchasesJs;
