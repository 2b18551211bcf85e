// A Realmheart API client for the benchmarks: registers users through the public API, makes them premium with
// the signed billing webhook the app accepts (as the mounted billing server would after a purchase), opens
// chats and sends messages. Requests go through node:http so that each simulated client can have its own
// loopback source address (127.0.0.x): registration is limited to 20 accounts per IP per hour, and the bench
// needs hundreds of users, so it registers them as many clients would, not by lifting the limit.
import { createHmac, randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { BILLING_WEBHOOK_SECRET } from "./app-server.mjs";

/** Accounts registered from one loopback address; the app allows 20 per IP per hour. */
const ACCOUNTS_PER_ADDRESS = 20;

/**
 * One HTTP request; resolves with status, headers and the body parsed as JSON when it is JSON. With `timeoutMs`,
 * a request that has not been answered by then fails with an error instead of waiting for ever.
 */
export function call(baseUrl, method, path, { body, cookie, headers = {}, localAddress, timeoutMs } = {}) {
  const url = new URL(path, baseUrl);
  const payload = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        localAddress,
        headers: {
          // The app's CSRF guard: unsafe methods must come from the app's own origin.
          ...(method === "GET" ? {} : { origin: url.origin }),
          ...(payload === undefined ? {} : { "content-type": "application/json" }),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode, headers: res.headers, text, json });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (timeoutMs)
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.end(payload);
  });
}

/** The loopback address the `n`th registered account (0-based) is created from, 20 accounts to an address. */
export function registrationAddress(n) {
  return `127.0.${10 + Math.floor(n / (ACCOUNTS_PER_ADDRESS * 250))}.${1 + (Math.floor(n / ACCOUNTS_PER_ADDRESS) % 250)}`;
}

/** The `name=value` of the session cookie a sign-up or sign-in answer sets, ready for a `cookie` header. */
export function sessionCookieOf(response) {
  return String(response.headers["set-cookie"] ?? "")
    .split(";")[0]
    .trim();
}

function expectStatus(response, status, what) {
  if (response.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.status} ${response.text.slice(0, 300)}`);
  }
  return response;
}

let registered = 0;

/**
 * Registers a user (from a fresh loopback address every 20 accounts), confirms the age and, when `premium`,
 * delivers a signed INITIAL_PURCHASE of "premium" for them. Returns `{ id, cookie }`.
 */
export async function registerUser(baseUrl, { premium = true } = {}) {
  const n = registered++;
  const localAddress = registrationAddress(n);
  const email = `bench-${process.pid}-${n}-${randomUUID().slice(0, 8)}@example.com`;
  const created = expectStatus(
    await call(baseUrl, "POST", "/api/auth/register", {
      body: { email, password: "bench-password-1", firstName: "Bench", lastName: `User ${n}` },
      localAddress,
    }),
    201,
    "register",
  );
  const cookie = sessionCookieOf(created);
  const me = expectStatus(await call(baseUrl, "POST", "/api/auth/verify-age", { cookie }), 200, "verify-age");
  const id = me.json.id ?? created.json?.user?.id ?? created.json?.id;
  if (premium) await makePremium(baseUrl, id);
  return { id, cookie, email };
}

/** Delivers the billing server's signed INITIAL_PURCHASE webhook granting "premium" for a month. */
export async function makePremium(baseUrl, userId) {
  const event = {
    id: `evt_bench_${randomUUID()}`,
    type: "INITIAL_PURCHASE",
    app_user_id: userId,
    entitlement_ids: ["premium"],
    expiration_at_ms: Date.now() + 30 * 86_400_000,
    environment: "SANDBOX",
  };
  const raw = JSON.stringify({ api_version: "1.0", event });
  expectStatus(
    await call(baseUrl, "POST", "/api/webhooks/billing", {
      body: raw,
      headers: {
        authorization: `Bearer ${BILLING_WEBHOOK_SECRET}`,
        "x-webhook-signature": `sha256=${createHmac("sha256", BILLING_WEBHOOK_SECRET).update(raw).digest("hex")}`,
        "x-webhook-id": event.id,
      },
    }),
    200,
    "billing webhook",
  );
}

/** The id of the first seeded character. */
export async function firstCharacterId(baseUrl, cookie) {
  const list = expectStatus(await call(baseUrl, "GET", "/api/characters", { cookie }), 200, "characters");
  const characters = Array.isArray(list.json) ? list.json : (list.json.characters ?? list.json.items);
  return characters[0].id;
}

/** Opens a chat with `characterId`; returns its id. */
export async function openChat(baseUrl, cookie, characterId) {
  const chat = expectStatus(
    await call(baseUrl, "POST", "/api/chats", { cookie, body: { characterId } }),
    201,
    "open chat",
  );
  return chat.json.id;
}

/**
 * Sends one message and waits for the whole JSON answer (the persona reply included). A 429 (30 sends a minute
 * per user) is waited out as its Retry-After says, as a client would.
 */
export async function sendMessage(baseUrl, cookie, chatId, content) {
  for (;;) {
    const response = await call(baseUrl, "POST", `/api/chats/${chatId}/messages`, {
      cookie,
      body: { content },
    });
    if (response.status !== 429) return expectStatus(response, 200, "send message");
    const seconds = Number(response.headers["retry-after"] ?? 1);
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, seconds) * 1000));
  }
}

/** Registers `count` premium users, `concurrency` at a time, each with a chat open. */
export async function premiumUsersWithChats(baseUrl, count, concurrency = 4) {
  const users = [];
  let characterId = null;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const user = await registerUser(baseUrl);
      characterId ??= await firstCharacterId(baseUrl, user.cookie);
      user.chatId = await openChat(baseUrl, user.cookie, characterId);
      users.push(user);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return users;
}

/** Short, varied, policy-clean lines a user might write. */
export const LINES = [
  "Hello there, how was your day in the keep?",
  "Tell me about the northern forest.",
  "What do you remember of our last journey?",
  "I brought you wildflowers from the valley.",
  "Shall we walk by the river tonight?",
  "What song do the bards sing of you?",
];

/**
 * Sends one message asking for the streamed answer (`Accept: text/event-stream`) and times it from the request
 * to the first `chunk` event and to the `done` event, in milliseconds.
 */
export function streamMessage(baseUrl, cookie, chatId, content) {
  const url = new URL(`/api/chats/${chatId}/messages`, baseUrl);
  const body = JSON.stringify({ content });
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let firstChunk = NaN;
    let buffered = "";
    const req = httpRequest(
      url,
      {
        method: "POST",
        headers: {
          origin: url.origin,
          cookie,
          accept: "text/event-stream",
          "content-type": "application/json",
        },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`streamed send: ${res.statusCode}`));
          return;
        }
        res.setEncoding("utf8");
        let done = NaN;
        res.on("data", (text) => {
          buffered += text;
          if (Number.isNaN(firstChunk) && buffered.includes("event: chunk"))
            firstChunk = performance.now() - start;
          if (Number.isNaN(done) && buffered.includes("event: done")) {
            done = performance.now() - start;
          } else if (buffered.includes("event: error")) {
            res.destroy();
            reject(new Error(`streamed send failed: ${buffered.slice(-300)}`));
          }
        });
        // Read to its end, as a browser does, so the connection is kept for the next send.
        res.on("end", () =>
          Number.isNaN(done) ? reject(new Error("stream ended without done")) : resolve({ firstChunk, done }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Autocannon options for the send route through `base` (an instance, or the proxy in front of several; the Origin
 * is the address the client used): connection k posts for senders k, k + connections, k + 2 × connections, … (mod
 * their number), so that the sends in flight at one time are of different users whenever there are enough, each
 * a line to the sender's chat, the lines turning as the connection goes round. Every request is built once, before
 * the run, as bare Fastify hello's is: the load generator's own cost per request stays near hello's instead of
 * building a request (headers, body) for every send (measured: 0.06–0.07 ms of its CPU a send that way).
 */
export function sendOptions(base, senders, connections = 10) {
  let nextClient = 0;
  return {
    url: base,
    connections,
    setupClient: (client) => {
      const own = [];
      for (
        let i = nextClient++ % senders.length;
        !own.includes(senders[i]);
        i = (i + connections) % senders.length
      )
        own.push(senders[i]);
      const requests = [];
      for (let turn = 0; turn < LINES.length; turn++)
        for (const [index, user] of own.entries())
          requests.push({
            method: "POST",
            path: `/api/chats/${user.chatId}/messages`,
            headers: { "content-type": "application/json", origin: base, cookie: user.cookie },
            body: JSON.stringify({ content: LINES[(turn + index) % LINES.length] }),
          });
      client.setRequests(requests);
    },
  };
}
