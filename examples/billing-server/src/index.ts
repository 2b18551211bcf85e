// Public surface of @purchases-web/billing-server.
export { billingServer } from "./plugin.js";
export type { BillingServerOptions } from "./plugin.js";
export { BILLING_MAX_PARAM_LENGTH, billingFrameworkErrors } from "./http/framework-errors.js";
export { billingClientErrors } from "./http/client-errors.js";
export { SECURITY_HEADERS } from "./http/security-headers.js";
export { billingLogSerializers } from "./http/request-log.js";
export type { StripeOptions } from "./gateway/stripe-gateway.js";
export { openBillingDatabase } from "./db/database.js";
export { openDrizzleDatabase } from "./db/open-drizzle-database.js";
export { vacuumPgliteTables } from "./db/pglite-upkeep.js";
export { startPeriodicWorker, type PeriodicWorker } from "./lifecycle/periodic-worker.js";
export {
  preparedRows,
  preparedStatement,
  type ExecutingDatabase,
  type PreparedStatement,
} from "./db/prepared-rows.js";
export { isDatabaseUnavailable } from "./db/database-unavailable.js";
export type {
  DrizzleDatabase,
  DrizzleDatabaseOptions,
  NotificationListener,
} from "./db/open-drizzle-database.js";
export type { BillingDatabase, BillingDb, DatabaseOptions } from "./db/database.js";
export { parseCatalogue } from "./catalogue/catalogue-schema.js";
export type { Catalogue } from "./catalogue/catalogue-schema.js";
export { loadCatalogueFile, defaultCataloguePath } from "./catalogue/load-catalogue.js";
export {
  catalogueDigest,
  catalogueDocument,
  catalogueVersionList,
  currentCatalogueVersion,
  describeCatalogueVersion,
  importCatalogue,
} from "./catalogue/catalogue-versions.js";
export type {
  CatalogueImport,
  CatalogueImportOrigin,
  CatalogueVersion,
} from "./catalogue/catalogue-versions.js";
export { catalogueFromRevenueCat, RevenueCatImportError } from "./catalogue/revenuecat-import.js";
export type {
  RevenueCatExport,
  RevenueCatImport,
  RevenueCatImportOptions,
} from "./catalogue/revenuecat-import.js";
export { EVERY_PROJECT, deliverDueWebhooks } from "./webhooks/deliver-due-webhooks.js";
export type {
  DeliverWebhooksOptions,
  WebhookDeliveryReport,
  WebhookEndpoint,
  WebhookEndpoints,
} from "./webhooks/deliver-due-webhooks.js";
export {
  TIMESTAMPED_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
  signWebhookBody,
  signWebhookTimestamped,
  verifyWebhookSignature,
  webhookAuthHeaders,
} from "./webhooks/webhook-signature.js";
export type {
  WebhookRequestHeaders,
  WebhookSecrets,
  WebhookVerifyOptions,
} from "./webhooks/webhook-signature.js";
export type { EntitlementEventType } from "./webhooks/entitlement-event.js";
export {
  GRACE_PERIOD_DAYS,
  RENEWAL_RETRY_DAYS,
  confirmRenewalPayment,
  runLifecycle,
} from "./lifecycle/run-lifecycle.js";
export type { LifecycleOptions, LifecycleReport, PendingAuthentication } from "./lifecycle/run-lifecycle.js";
export { cancelSubscription, resumeSubscription } from "./lifecycle/cancel-subscription.js";
export type { RenewalChange } from "./lifecycle/cancel-subscription.js";
export { MANAGEMENT_LINK_TTL_MS, readManagementToken, signManagementToken } from "./manage/manage-token.js";
export type { ManagementSubject } from "./manage/manage-token.js";
export { defaultRenewalCharger } from "./lifecycle/renewal-charger.js";
export type { RenewalCharge, RenewalCharger, RenewalOutcome } from "./lifecycle/renewal-charger.js";
export { cardRenewalCharger } from "./lifecycle/card-renewal-charger.js";
export { STRIPE_API_VERSION, StripeGateway } from "./gateway/stripe-gateway.js";
export type { RenewalPayment, StripeIntent } from "./gateway/stripe-gateway.js";
export type { RenewalAuthentication } from "./db/schema.js";
export type { MailOptions } from "./mail/mail-options.js";
export { createMailer } from "./mail/mailer.js";
export type { Mail, Mailer, MailLog } from "./mail/mailer.js";
export {
  mailRenewalAuthentication,
  renewalAuthenticationNotifier,
} from "./manage/renewal-authentication-notifier.js";
export { SECRET_KEY_SCOPES } from "./access/secret-key-scopes.js";
export type { SecretKeyScope } from "./access/secret-key-scopes.js";
export { createSecretKey, listSecretKeys, revokeSecretKey } from "./access/secret-keys.js";
export type { NewSecretKey, SecretKeyListing } from "./access/secret-keys.js";
export { auditEntries, recordAudit } from "./access/audit-log.js";
export type { AuditEntry, AuditQuery, AuditRow } from "./access/audit-log.js";
export { editCatalogue } from "./catalogue/catalogue-versions.js";
