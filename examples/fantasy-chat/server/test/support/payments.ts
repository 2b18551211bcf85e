// Walking through the sandbox gateway as a browser would: start a checkout, answer its authorization page, follow
// the redirects back into the app.
import { expect } from "vitest";
import type { Answer, Client } from "./test-app.js";

/** The path and query of a Location header (the sandbox and the callbacks redirect within this origin). */
export function locationOf(answer: Answer): string {
  const location = answer.headers.get("location");
  if (!location) throw new Error(`no Location header (status ${answer.status}: ${answer.text})`);
  const url = new URL(location, "http://relative.invalid");
  return `${url.pathname}${url.search}`;
}

/** Starts a Premium Realm web payment; returns its authorization URL and reference. */
export async function startPremiumPayment(client: Client, email = "payer@realmheart.test") {
  const answer = await client.post("/api/initialize-payment", { amount: 9900, email });
  if (answer.status !== 200) throw new Error(`initialize-payment failed: ${answer.status} ${answer.text}`);
  return answer.body as { authorization_url: string; reference: string };
}

/** Starts the trial's card setup; returns its authorization URL and reference. */
export async function startTrialSetup(client: Client, email = "trial@realmheart.test") {
  const answer = await client.post("/api/setup-trial", { email, firstName: "Ysolde", lastName: "Marrow" });
  if (answer.status !== 200) throw new Error(`setup-trial failed: ${answer.status} ${answer.text}`);
  return answer.body.data as { authorization_url: string; reference: string };
}

/**
 * Submits the sandbox authorization page's form like a browser on this origin, and returns where it redirects
 * (the app's callback).
 */
export async function decideInSandbox(
  client: Client,
  authorizationUrl: string,
  decision: "approve" | "decline",
  options: { declineCharges?: boolean } = {},
): Promise<string> {
  const form = new URLSearchParams({ decision });
  if (options.declineCharges) form.set("decline_charges", "on");
  const answer = await client.request("POST", authorizationUrl, {
    rawBody: form.toString(),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: client.server.url,
      "sec-fetch-site": "same-origin",
    },
  });
  expect(answer.status, answer.text).toBe(303);
  return locationOf(answer);
}

/** Follows one redirect the app sent (a GET), returning where it redirects next. */
export async function follow(client: Client, path: string): Promise<string> {
  const answer = await client.get(path);
  expect(answer.status, answer.text).toBe(303);
  return locationOf(answer);
}
