import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./request";

/**
 * A query client with docs/product.md's defaults: the default read, data never stale, no refetch on focus, no
 * polling, no retries for queries or mutations.
 *
 * @example
 * <QueryClientProvider client={createQueryClient()}>…</QueryClientProvider>
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
