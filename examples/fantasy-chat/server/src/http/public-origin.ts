import type { FastifyRequest } from "fastify";
import type { AppConfig } from "../config.js";
import { isBehindTls } from "./security-headers.js";

/**
 * The origin the browser used (or PUBLIC_URL), for URLs another site sends the browser back to: a payment
 * gateway's callback, an identity provider's redirect URI.
 *
 * @example
 * `${publicOrigin(request, ctx.config)}/payment/callback`; // "https://realmheart.example/payment/callback"
 */
export function publicOrigin(request: FastifyRequest, config: AppConfig): string {
  if (config.publicUrl) return config.publicUrl;
  return `${isBehindTls(request) ? "https" : "http"}://${request.host}`;
}
