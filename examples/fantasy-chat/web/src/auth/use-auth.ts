import { useQuery } from "@tanstack/react-query";
import { getQueryFn } from "../api/request";
import type { User } from "../api/types";

/** The current-user query's key. */
export const USER_KEY = ["/api/auth/user"] as const;

/**
 * The signed-in user. Authenticated when the call returns data without error; never retried. A 401 answers
 * null (signed out) rather than an error.
 *
 * @example
 * const { user, isLoading, isAuthenticated } = useAuth();
 */
export function useAuth() {
  const query = useQuery<User | null>({
    queryKey: USER_KEY,
    queryFn: getQueryFn({ on401: "returnNull" }),
    retry: false,
  });
  const user = query.isError ? null : (query.data ?? null);
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}
