// An HTTP session by cookie for the suites that talk to the servers without a browser: each answer's session
// cookie is kept (a cookie being cleared is ignored, so the old one goes on being sent, as a copy of it would).

/** A status and the JSON body (`{}` when the answer is not JSON). */
export interface JsonAnswer<T> {
  status: number;
  body: T;
}

/** One person's session, against any base URL (an instance, or a proxy in front of several). */
export class CookieClient {
  cookie = "";

  async call<T = Record<string, unknown>>(
    base: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<JsonAnswer<T>> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { cookie: this.cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });
    const session = response.headers.getSetCookie().find((c) => !/Max-Age=0/i.test(c));
    if (session) this.cookie = session.split(";")[0] ?? "";
    const text = await response.text();
    const json = (response.headers.get("content-type") ?? "").includes("json");
    return { status: response.status, body: (json && text ? JSON.parse(text) : {}) as T };
  }
}
