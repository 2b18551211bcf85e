import type { GatewayName } from "../db/schema.js";

/** `GET /api/config`: what the web client needs to configure the purchases-web SDK and to name the card provider. */
export interface ClientConfig {
  sdkApiKey: string;
  /** The billing server's mount point, which the client gives the SDK as its proxy URL. */
  billingBaseUrl: string;
  paymentProvider: GatewayName;
  /** Production running on sandbox money on purpose (`ALLOW_SANDBOX_PAYMENTS=true`): every page says so. */
  sandboxPayments: boolean;
}

/** The id of the JSON script element the server writes this config into, in the client's page it serves. */
export const INLINE_CONFIG_ID = "realmheart-config";
