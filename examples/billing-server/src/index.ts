// Public surface of @purchases-web/billing-server.
export { billingServer } from "./plugin.js";
export type { BillingServerOptions } from "./plugin.js";
export { openBillingDatabase } from "./db/database.js";
export type { BillingDatabase, BillingDb, DatabaseOptions } from "./db/database.js";
export { parseCatalogue } from "./catalogue/catalogue-schema.js";
export type { Catalogue } from "./catalogue/catalogue-schema.js";
export { loadCatalogueFile, defaultCataloguePath } from "./catalogue/load-catalogue.js";
