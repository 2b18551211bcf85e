import { loadLazy } from "../load-lazy";

/**
 * What turns a customer-info answer into `CustomerInfo` (src/model/customer-info.ts), a small chunk of its own
 * (~1.4 KB gzip) loaded once: by the core beside its first customer-info request, by a Test Store purchase beside
 * its receipt, so that neither the core a page imports nor a purchase's first paint carries it.
 *
 * @example
 * const [wire, { toCustomerInfo }] = await Promise.all([backend.getCustomerInfo(appUserId), loadCustomerInfo()]);
 */
export const loadCustomerInfo = () => loadLazy("customer info", () => import("./customer-info"));
