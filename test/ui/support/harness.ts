// Shared set-up of the widget tests: the reference catalogue over msw, a configured Purchases, and helpers to
// find the widget in the document.
import { http, HttpResponse } from "msw";
import type { SetupServer } from "msw/node";
import { vi } from "vitest";
import { LogLevel, Purchases, type Package, type PurchasesEnvironment } from "../../../src/index";
import type { WireBrandingInfo, WireEventsRequest } from "../../../src/http/wire";
import { fixtures } from "../../support/fixtures";
import { TEST_BASE_URL } from "../../support/msw";

// The widget tests check their own outcomes; the SDK's warnings about the fixtures are noise here.
Purchases.setLogLevel(LogLevel.Error);

export const KEYS = {
  testStore: "test_realmheart",
  sandbox: "rcb_sb_realmheart",
  production: "rcb_realmheart",
};

/** Serves offerings, products, branding, customer info and no workflows; records analytics events and receipts. */
export function serveCatalogue(server: SetupServer, options: { branding?: WireBrandingInfo | null } = {}) {
  const seen = { events: [] as WireEventsRequest["events"], receipts: [] as unknown[], branding: 0 };
  server.use(
    http.get(`${TEST_BASE_URL}/v1/subscribers/:id/offerings`, () => HttpResponse.json(fixtures.offerings())),
    http.get(`${TEST_BASE_URL}/rcbilling/v1/subscribers/:id/products`, ({ request }) => {
      const ids = new URL(request.url).searchParams.getAll("id");
      const products = fixtures.products().product_details.filter((p) => ids.includes(p.identifier));
      return HttpResponse.json({ product_details: products });
    }),
    http.get(`${TEST_BASE_URL}/rcbilling/v1/branding`, () => {
      seen.branding++;
      const branding = options.branding === undefined ? fixtures.branding() : options.branding;
      return branding
        ? HttpResponse.json(branding)
        : HttpResponse.json({ code: 7226, message: "No branding" }, { status: 404 });
    }),
    // No multi-page paywall (workflow) unless a test serves one.
    http.get(`${TEST_BASE_URL}/v1/subscribers/:id/workflows`, () => HttpResponse.json({ workflows: [] })),
    http.get(`${TEST_BASE_URL}/v1/subscribers/:id`, () => HttpResponse.json(fixtures.customerInfo())),
    http.post(`${TEST_BASE_URL}/v1/receipts`, async ({ request }) => {
      seen.receipts.push(await request.json());
      return HttpResponse.json(fixtures.customerInfo());
    }),
    http.post(`${TEST_BASE_URL}/v1/events`, async ({ request }) => {
      seen.events.push(...((await request.json()) as WireEventsRequest).events);
      return HttpResponse.json({}, { status: 201 });
    }),
  );
  return seen;
}

/** A configured instance whose fetch goes through msw, with analytics flushed at once. */
export function configure(apiKey: string, environment: Partial<PurchasesEnvironment> = {}) {
  return Purchases.configure({
    apiKey,
    appUserId: "user_1",
    httpConfig: { proxyURL: TEST_BASE_URL },
    environment: { fetch: (input, init) => globalThis.fetch(input, init), ...environment },
  });
}

/** The monthly package of the reference catalogue (R99/month with a 1-week trial). */
export async function packageOf(
  purchases: Purchases,
  slot: "monthly" | "annual" | "weekly" | "lifetime" = "monthly",
) {
  const offerings = await purchases.getOfferings({ currency: "ZAR" });
  return offerings.current![slot] as Package;
}

/** The widget's dialog, once it is shown. */
export async function dialog(): Promise<HTMLElement> {
  return vi.waitFor(() => {
    const element = document.querySelector<HTMLElement>(".pw-root[role=dialog]");
    if (!element) throw new Error("no dialog yet");
    return element;
  });
}

/** The button whose text is `text`, inside the widget. */
export async function button(text: string | RegExp): Promise<HTMLButtonElement> {
  return vi.waitFor(() => {
    const found = [...document.querySelectorAll<HTMLButtonElement>(".pw-root button")].find((b) =>
      typeof text === "string" ? b.textContent?.trim() === text : text.test(b.textContent ?? ""),
    );
    if (!found) throw new Error(`no button ${String(text)}`);
    return found;
  });
}

/** Presses a key on the element that has focus (or the document). */
export function press(
  key: string,
  options: KeyboardEventInit = {},
  target: EventTarget = document.activeElement ?? document,
) {
  target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...options }));
}

/** Whether anything of the widget is left in the document. */
export function widgetLeftovers() {
  return {
    roots: document.querySelectorAll(".pw-root").length,
    styles: [...document.querySelectorAll("style")].filter((s) => s.textContent?.includes(".pw-root")).length,
    bodyOverflow: document.body.style.overflow,
  };
}

/** A settled promise's outcome, for assertions. */
export async function settle<T>(promise: Promise<T>) {
  try {
    return { value: await promise, error: null };
  } catch (error) {
    return { value: null, error: error as Error & { errorCode?: number } };
  }
}

/** A tax answer for a billing address: ZA 15 %, GB 20 %, no address or an unknown country invalid. */
export function taxAnswer(body: { country_code?: string; postal_code?: string }) {
  const answer = fixtures.calculateTaxes();
  const rate = { ZA: 0.15, GB: 0.2 }[body.country_code ?? ""];
  if (rate === undefined) return { ...answer, failed_reason: "invalid_tax_location" };
  const tax = Math.round(99_000_000 * rate);
  answer.tax_amount_in_micros = tax;
  answer.total_amount_in_micros = 99_000_000 + tax;
  answer.pricing_phases.base.tax_breakdown[0]!.tax_amount_in_micros = tax;
  return answer;
}

type Answer = () => Response | Promise<Response>;

/** Serves the checkout endpoints; each answer can be replaced, and every request body is recorded. */
export function serveCheckout(
  server: SetupServer,
  answers: {
    /** `POST …/checkout/prepare` (the express purchase button): the start fixture's gateway params when not given. */
    prepare?: (body: { product_id: string; price_id: string; offer_id?: string }) => Response;
    start?: Answer[];
    taxes?: (body: { country_code?: string; postal_code?: string }) => Response;
    /** `PATCH /rcbilling/v1/checkout/{id}` (promotion codes); an unknown code (7815) when not given. */
    patch?: (body: {
      country_code?: string;
      postal_code?: string;
      discount_code?: string | null;
    }) => Response;
    complete?: Answer;
    status?: Answer;
  } = {},
) {
  const seen = {
    prepares: [] as any[],
    starts: [] as any[],
    taxes: [] as any[],
    patches: [] as any[],
    completes: [] as any[],
    polls: 0,
  };
  const base = `${TEST_BASE_URL}/rcbilling/v1/checkout`;
  server.use(
    http.post(`${base}/prepare`, async ({ request }) => {
      const body = (await request.json()) as { product_id: string; price_id: string; offer_id?: string };
      seen.prepares.push(body);
      if (answers.prepare) return answers.prepare(body);
      return HttpResponse.json({ stripe_gateway_params: fixtures.checkoutStart().gateway_params });
    }),
    http.post(`${base}/start`, async ({ request }) => {
      seen.starts.push(await request.json());
      const answer = answers.start?.[seen.starts.length - 1];
      return answer ? answer() : HttpResponse.json(fixtures.checkoutStart());
    }),
    http.post(`${base}/:id/calculate_taxes`, async ({ request }) => {
      const body = (await request.json()) as { country_code?: string; postal_code?: string };
      seen.taxes.push(body);
      return answers.taxes ? answers.taxes(body) : HttpResponse.json(taxAnswer(body));
    }),
    http.patch(`${base}/:id`, async ({ request }) => {
      const body = (await request.json()) as { discount_code?: string | null };
      seen.patches.push(body);
      return answers.patch ? answers.patch(body) : backendError(400, 7815, "There is no such code.")();
    }),
    http.post(`${base}/:id/complete`, async ({ request }) => {
      seen.completes.push(await request.json());
      return answers.complete ? answers.complete() : HttpResponse.json(fixtures.checkoutComplete());
    }),
    http.get(`${base}/:id`, () => {
      seen.polls++;
      return answers.status ? answers.status() : HttpResponse.json(fixtures.checkoutStatusSucceeded());
    }),
  );
  return seen;
}

/** An error answer of the backend. */
export const backendError =
  (status: number, code: number, message = "error") =>
  () =>
    HttpResponse.json({ code, message }, { status });

/** The text of the widget, whitespace collapsed. */
export const widgetText = () => (document.querySelector(".pw-root")?.textContent ?? "").replace(/\s+/g, " ");

/** The pay (submit) button of the payment form. */
export const payButton = () => document.querySelector<HTMLButtonElement>(".pw-root form button[type=submit]");
