import type { FastifyRequest } from "fastify";
import type { AppConfig } from "../config.js";
import { isBehindTls } from "./security-headers.js";

/** Host names a development server may be reached by without configuration. */
const LOOPBACK = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d{1,5})?$/i;

/**
 * The origin for URLs another site sends the browser back to (a payment gateway's callback, an identity provider's
 * redirect URI): PUBLIC_URL (required in production). Without it, the request's own origin only when its Host is a
 * loopback name or listed in ALLOWED_HOSTS, else `http://localhost:{PORT}`: a forged Host never ends up in a
 * redirect.
 *
 * @example
 * `${publicOrigin(request, ctx.config)}/payment/callback`; // "https://realmheart.example/payment/callback"
 */
export function publicOrigin(
  request: FastifyRequest,
  config: Pick<AppConfig, "publicUrl" | "allowedHosts" | "port">,
): string {
  if (config.publicUrl) return config.publicUrl;
  const host = request.host.toLowerCase();
  const known =
    LOOPBACK.test(host) || config.allowedHosts.has(host) || config.allowedHosts.has(host.split(":")[0]!);
  if (!known) return `http://localhost:${config.port}`;
  return `${isBehindTls(request) ? "https" : "http"}://${host}`;
}
