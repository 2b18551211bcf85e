import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_EMAIL,
  Client,
  DATABASES,
  PASSWORD,
  createChat,
  registerUser,
  startTestApp,
  uniqueEmail,
  verifiedUser,
  type TestApp,
} from "./support/test-app.js";

type Actor = "anonymous" | "owner" | "other" | "admin";
const ACTORS: Actor[] = ["anonymous", "owner", "other", "admin"];

interface Actors {
  clients: Record<Actor, Client>;
  emails: Record<Actor, string>;
  chatId: string;
  otherId: string;
  /** The owner's unpaid web payment and trial setup. */
  payment: { reference: string; authorization_url: string };
  trialReference: string;
}

const profile = {
  preferredName: "Wren",
  favoriteArchetype: null,
  backstory: "A cartographer from the southern isles who maps places that should not exist.",
  personalityTraits: ["curious"],
};

/** Each route, what it is called with, and the status each actor gets. */
const ROUTES: Array<{
  route: string;
  call: (client: Client, a: Actors, actor: Actor) => Promise<{ status: number }>;
  expect: Record<Actor, number>;
}> = [
  {
    route: "GET /api/health",
    call: (c) => c.get("/api/health"),
    expect: { anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "GET /api/ready",
    call: (c) => c.get("/api/ready"),
    expect: { anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "GET /api/config",
    call: (c) => c.get("/api/config"),
    expect: { anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "GET /api/login",
    call: (c) => c.get("/api/login"),
    expect: { anonymous: 200, owner: 302, other: 302, admin: 302 },
  },
  {
    route: "POST /api/auth/login",
    call: (c, a, actor) => c.post("/api/auth/login", { email: a.emails[actor], password: PASSWORD }),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "GET /api/auth/user",
    call: (c) => c.get("/api/auth/user"),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "POST /api/auth/verify-age",
    call: (c) => c.post("/api/auth/verify-age"),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "GET /api/characters",
    call: (c) => c.get("/api/characters"),
    expect: { anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "GET /api/characters/:id",
    call: (c) => c.get("/api/characters/riven-ashe"),
    expect: { anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "GET /api/chats",
    call: (c) => c.get("/api/chats"),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "POST /api/chats",
    call: (c) => c.post("/api/chats", { characterId: "riven-ashe", title: null }),
    expect: { anonymous: 401, owner: 201, other: 201, admin: 201 },
  },
  {
    route: "GET /api/chats/:id",
    call: (c, a) => c.get(`/api/chats/${a.chatId}`),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  {
    route: "GET /api/chats/:id/messages",
    call: (c, a) => c.get(`/api/chats/${a.chatId}/messages`),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  {
    route: "POST /api/chats/:id/messages",
    call: (c, a) => c.post(`/api/chats/${a.chatId}/messages`, { content: "Hello" }),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  {
    route: "GET /api/profile",
    call: (c) => c.get("/api/profile"),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "PUT /api/profile",
    call: (c) => c.put("/api/profile", profile),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "GET /api/admin/stats",
    call: (c) => c.get("/api/admin/stats"),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: "GET /api/admin/users",
    call: (c) => c.get("/api/admin/users"),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: "POST /api/admin/users/:id/role",
    call: (c, a) => c.post(`/api/admin/users/${a.otherId}/role`, { role: "user" }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: "POST /api/initialize-payment",
    call: (c) => c.post("/api/initialize-payment", { amount: 9900, email: "payer@realmheart.test" }),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "POST /api/verify-payment",
    call: (c, a) => c.post("/api/verify-payment", { reference: a.payment.reference }),
    expect: { anonymous: 401, owner: 402, other: 404, admin: 404 },
  },
  {
    route: "POST /api/setup-trial",
    call: (c) => c.post("/api/setup-trial", { email: "t@realmheart.test", firstName: "T", lastName: "R" }),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "POST /api/trial/complete",
    call: (c, a) => c.post("/api/trial/complete", { reference: a.trialReference }),
    expect: { anonymous: 401, owner: 402, other: 404, admin: 404 },
  },
  {
    // The gateway's return: the reference alone settles (for its owner), so anyone's browser may bring it back.
    route: "GET /payment/callback",
    call: (c, a) => c.get(`/payment/callback?reference=${a.payment.reference}`),
    expect: { anonymous: 303, owner: 303, other: 303, admin: 303 },
  },
  {
    route: "GET /trial-setup/callback",
    call: (c, a) => c.get(`/trial-setup/callback?reference=${a.trialReference}`),
    expect: { anonymous: 303, owner: 303, other: 303, admin: 303 },
  },
  {
    route: "GET /sandbox/authorize/:reference",
    call: (c, a) => c.get(a.payment.authorization_url),
    expect: { anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "POST /api/webhooks/paystack (unsigned)",
    call: (c) => c.post("/api/webhooks/paystack", { event: "charge.success", data: {} }),
    expect: { anonymous: 401, owner: 401, other: 401, admin: 401 },
  },
  {
    route: "POST /api/webhooks/billing (unsigned)",
    call: (c) => c.post("/api/webhooks/billing", { event: {} }),
    expect: { anonymous: 401, owner: 401, other: 401, admin: 401 },
  },
  {
    route: "GET /api/subscription",
    call: (c) => c.get("/api/subscription"),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    // Mints a hosted-page link for the signed-in user only; signed out it leads home.
    route: "GET /api/subscription/manage",
    call: async (c) => {
      const answer = await c.get("/api/subscription/manage");
      return { status: answer.headers.get("location")?.includes("/billing/manage/") ? 200 : answer.status };
    },
    expect: { anonymous: 302, owner: 200, other: 200, admin: 200 },
  },
  {
    // Nobody here has a card subscription: each signed-in actor is told so, about their own account only.
    route: "POST /api/subscription/cancel",
    call: (c) => c.post("/api/subscription/cancel"),
    expect: { anonymous: 401, owner: 409, other: 409, admin: 409 },
  },
  {
    route: "POST /api/subscription/resume",
    call: (c) => c.post("/api/subscription/resume"),
    expect: { anonymous: 401, owner: 409, other: 409, admin: 409 },
  },
  {
    route: "POST /api/subscription/payment-method",
    call: (c) => c.post("/api/subscription/payment-method", {}),
    expect: { anonymous: 401, owner: 409, other: 409, admin: 409 },
  },
  {
    route: "POST /api/subscription/payment-method/complete",
    call: (c, a) => c.post("/api/subscription/payment-method/complete", { reference: a.trialReference }),
    expect: { anonymous: 401, owner: 404, other: 404, admin: 404 },
  },
  {
    route: "GET /subscription/card/callback",
    call: (c, a) => c.get(`/subscription/card/callback?reference=${a.trialReference}`),
    expect: { anonymous: 303, owner: 303, other: 303, admin: 303 },
  },
  {
    route: "GET /api/admin/billing",
    call: (c) => c.get("/api/admin/billing"),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: "GET /api/admin/users/:id/subscription",
    call: (c, a) => c.get(`/api/admin/users/${a.otherId}/subscription`),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: "POST /api/admin/users/:id/subscription/cancel",
    call: (c, a) => c.post(`/api/admin/users/${a.otherId}/subscription/cancel`),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 409 },
  },
  {
    // The owner's payment is unpaid: only an admin gets as far as being told it cannot be refunded.
    route: "POST /api/admin/payments/:reference/refund",
    call: (c, a) =>
      c.post(`/api/admin/payments/${a.payment.reference}/refund`, { reason: "Duplicate charge" }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 409 },
  },
  {
    route: "GET /api/auth/sessions",
    call: (c) => c.get("/api/auth/sessions"),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "DELETE /api/auth/sessions/:id",
    call: (c) => c.request("DELETE", "/api/auth/sessions/AAAAAAAAAAAAAAAA"),
    expect: { anonymous: 401, owner: 404, other: 404, admin: 404 },
  },
  {
    route: "POST /api/auth/sessions/sign-out-others",
    call: (c) => c.post("/api/auth/sessions/sign-out-others"),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: "POST /api/auth/register",
    call: (c) =>
      c.post("/api/auth/register", {
        email: uniqueEmail(),
        password: PASSWORD,
        firstName: "New",
        lastName: "One",
      }),
    expect: { anonymous: 201, owner: 201, other: 201, admin: 201 },
  },
  {
    route: "GET /api/logout",
    call: (c) => c.get("/api/logout"),
    expect: { anonymous: 302, owner: 302, other: 302, admin: 302 },
  },
];

describe.each(DATABASES)("the authorization matrix on %s", (kind) => {
  let server: TestApp;
  let actors: Actors;
  beforeAll(async () => {
    server = await startTestApp(kind, { renewals: false });
    const owner = await verifiedUser(server);
    const other = await verifiedUser(server);
    const admin = await registerUser(server, { email: ADMIN_EMAIL });
    await admin.client.post("/api/auth/verify-age");
    actors = {
      clients: {
        anonymous: new Client(server),
        owner: owner.client,
        other: other.client,
        admin: admin.client,
      },
      emails: {
        anonymous: uniqueEmail(),
        owner: owner.user.email,
        other: other.user.email,
        admin: ADMIN_EMAIL,
      },
      chatId: await createChat(owner.client),
      otherId: other.user.id,
      payment: (
        await owner.client.post("/api/initialize-payment", { amount: 9900, email: "o@realmheart.test" })
      ).body,
      trialReference: (
        await owner.client.post("/api/setup-trial", {
          email: "o@realmheart.test",
          firstName: "O",
          lastName: "W",
        })
      ).body.data.reference,
    };
  });
  afterAll(() => server.close());

  // Registering and signing out change who the client is, so those rows come last and each actor gets a fresh
  // sign-in first.
  it.each(ROUTES)("$route", async ({ call, expect: expected }) => {
    const got: Record<string, number> = {};
    for (const actor of ACTORS) {
      const client = actors.clients[actor];
      got[actor] = (await call(client, actors, actor)).status;
      if (actor !== "anonymous" && client.cookies.size === 0) {
        await client.post("/api/auth/login", { email: actors.emails[actor], password: PASSWORD });
      }
    }
    expect(got).toEqual(expected);
  });
});
