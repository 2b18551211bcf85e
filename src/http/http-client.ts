import type { PurchasesEnvironment } from "../environment";
import { ErrorCode } from "../errors/error-code";
import { PurchasesError } from "../errors/purchases-error";
import { errorFromBackendResponse } from "../errors/backend-error";
import { SDK_VERSION } from "../version";

/** Where and as whom requests go. */
export interface HttpClientOptions {
  apiKey: string;
  /** Base URL without a trailing slash. */
  baseUrl: string;
  isSandbox: boolean;
  additionalHeaders: Readonly<Record<string, string>>;
  /** Read on every request so `setPlatformInfo` applies to a configured instance too. */
  platformInfo: () => { flavor: string; version: string } | null;
  env: PurchasesEnvironment;
  /** Default per-request deadline. */
  timeoutMs: number;
}

/** One backend call. */
export interface HttpRequest {
  /** A short name used in error messages ("getOfferings"). */
  name: string;
  method: "GET" | "POST" | "PATCH";
  /** Path starting with "/", already encoded. */
  path: string;
  query?: ReadonlyArray<readonly [string, string]>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Lets the request outlive the page (analytics on pagehide). */
  keepalive?: boolean;
  /** Overrides the client's base URL (analytics sent elsewhere). */
  baseUrl?: string;
  /** A top-level field the response body must hold as an object or array; without it the body is not an answer. */
  field?: string;
}

/** The response of a request, for the few callers that need the status (analytics). */
export interface HttpResponse<T> {
  status: number;
  body: T;
}

/** Builds the headers every request carries. */
export function requestHeaders(options: HttpClientOptions): Record<string, string> {
  const headers: Record<string, string> = {
    ...options.additionalHeaders,
    Authorization: `Bearer ${options.apiKey}`,
    "Content-Type": "application/json",
    Accept: "application/json",
    "X-Platform": "web",
    "X-Version": SDK_VERSION,
    "X-Is-Sandbox": String(options.isSandbox),
  };
  const platform = options.platformInfo();
  if (platform) {
    headers["X-Platform-Flavor"] = platform.flavor;
    headers["X-Platform-Flavor-Version"] = platform.version;
  }
  return headers;
}

function buildUrl(base: string, path: string, query: HttpRequest["query"]): string {
  const search = query?.length ? `?${new URLSearchParams(query.map(([k, v]) => [k, v])).toString()}` : "";
  return `${base}${path}${search}`;
}

/**
 * Performs JSON requests against the billing backend. Every failure becomes a `PurchasesError`:
 * no connection → NetworkError, deadline → NetworkError, caller abort → UserCancelledError,
 * non-2xx → mapped backend error, 2xx with a non-JSON body → UnexpectedBackendResponseError.
 */
export class HttpClient {
  constructor(readonly options: HttpClientOptions) {}

  async request<T>(req: HttpRequest): Promise<T> {
    return (await this.requestWithStatus<T>(req)).body;
  }

  async requestWithStatus<T>(req: HttpRequest): Promise<HttpResponse<T>> {
    const { env } = this.options;
    const timeoutMs = req.timeoutMs ?? this.options.timeoutMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = env.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    if (req.signal?.aborted) controller.abort();
    req.signal?.addEventListener("abort", onCallerAbort, { once: true });

    try {
      let response: Response;
      try {
        response = await env.fetch(buildUrl(req.baseUrl ?? this.options.baseUrl, req.path, req.query), {
          method: req.method,
          headers: requestHeaders(this.options),
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
          signal: controller.signal,
          keepalive: req.keepalive,
        });
      } catch (cause) {
        throw this.transportError(req, cause, timedOut, timeoutMs);
      }
      let text: string;
      try {
        text = await response.text();
      } catch (cause) {
        throw this.transportError(req, cause, timedOut, timeoutMs);
      }
      if (!response.ok) throw errorFromBackendResponse(req.name, response.status, text);
      return { status: response.status, body: parseJson<T>(req, response.status, text) };
    } finally {
      env.clearTimeout(timer);
      req.signal?.removeEventListener("abort", onCallerAbort);
    }
  }

  private transportError(req: HttpRequest, cause: unknown, timedOut: boolean, timeoutMs: number) {
    if (timedOut) {
      return new PurchasesError(ErrorCode.NetworkError, undefined, {
        underlyingErrorMessage: `Request ${req.name} timed out after ${timeoutMs} ms.`,
        cause,
      });
    }
    if (req.signal?.aborted) {
      return new PurchasesError(ErrorCode.UserCancelledError, "The request was cancelled.", {
        underlyingErrorMessage: `Request ${req.name} was aborted.`,
        cause: req.signal.reason ?? cause,
      });
    }
    return new PurchasesError(ErrorCode.NetworkError, undefined, {
      underlyingErrorMessage: cause instanceof Error ? cause.message : String(cause),
      cause,
    });
  }
}

function parseJson<T>({ name, field }: HttpRequest, status: number, text: string): T {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (cause) {
    throw unexpectedBody(
      `Request ${name} returned a body that is not JSON (status ${status}).`,
      status,
      cause,
    );
  }
  const value = field && (body as Record<string, unknown> | null)?.[field];
  if (field && (typeof value !== "object" || value === null)) {
    throw unexpectedBody(`Request ${name} returned no "${field}" (status ${status}).`, status);
  }
  return body as T;
}

function unexpectedBody(underlyingErrorMessage: string, statusCode: number, cause?: unknown): PurchasesError {
  return new PurchasesError(ErrorCode.UnexpectedBackendResponseError, undefined, {
    underlyingErrorMessage,
    extra: { statusCode },
    cause,
  });
}
