import type { QueryFunction } from "@tanstack/react-query";
import { ApiError } from "./api-error";

/** Throws an {@link ApiError} for a non-OK response (body text, or the status text when empty). */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = await response.text().catch(() => "");
  throw new ApiError(response.status, body, response.statusText);
}

/**
 * The generic request helper of docs/product.md: JSON body with a JSON content type, cookies always included,
 * any non-OK answer thrown as an {@link ApiError}.
 *
 * @example
 * const chat = await (await apiRequest("POST", "/api/chats", { characterId, title: null })).json();
 */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  init: { signal?: AbortSignal; accept?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (init.accept) headers.accept = init.accept;
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
    signal: init.signal,
  });
  await throwIfNotOk(response);
  return response;
}

/** What the default read does with a 401: throw (the default) or answer null. */
export type UnauthorizedBehavior = "throw" | "returnNull";

/**
 * The default query function: a GET on the query key's parts joined with "/", with cookies, parsed as JSON.
 *
 * @example
 * useQuery({ queryKey: ["/api/auth/user"], queryFn: getQueryFn({ on401: "returnNull" }) });
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKey.join("/"), { credentials: "include", signal });
    if (on401 === "returnNull" && response.status === 401) return null as T;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
