import { useQuery, type QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "../api/request";
import type { User } from "../api/types";
import { guardDecision } from "./access";

/** The current-user query's key. */
export const USER_KEY = ["/api/auth/user"] as const;

/** Where the last user the server confirmed on this device is kept between page loads. */
export const REMEMBERED_USER_KEY = "realmheart.user";

/** The storage the remembered user lives in: `localStorage` in the browser, anything alike in tests. */
export type UserStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Sign-out links: a navigation to the server, which ends the session and redirects home. */
const SIGN_OUT_LINK = 'a[href="/api/logout"]';

/**
 * The signed-in user. Authenticated when the call returns data without error; never retried. A 401 answers
 * null (signed out) rather than an error; the body of that 401 is never read. `remembered` while the user is the
 * one this device remembers (see {@link rememberSignedInUser}) and the server has not answered yet.
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
  // A remembered user draws pages, but never decides where to send someone (the trial setup, say): when the guard
  // would redirect it, the server's answer is waited for.
  const remembered = query.isPlaceholderData;
  if (remembered && user && guardDecision({ isLoading: false, user }, new Date()).kind === "redirect")
    return { user: null, isLoading: true, isAuthenticated: false, remembered };
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null, remembered };
}

/** The remembered user, or null when none is kept or what is kept is not a user. */
export function readRemembered(storage: UserStorage): User | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(REMEMBERED_USER_KEY) ?? "null");
    const looksLikeUser =
      typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string";
    return looksLikeUser ? (value as User) : null;
  } catch {
    return null;
  }
}

/** Keeps `user`, or forgets it when null; a full or refused storage only means the next load starts cold. */
function writeRemembered(storage: UserStorage, user: User | null): void {
  try {
    if (user) storage.setItem(REMEMBERED_USER_KEY, JSON.stringify(user));
    else storage.removeItem(REMEMBERED_USER_KEY);
  } catch {
    // Private modes and full quotas refuse writes: nothing to do.
  }
}

/**
 * Makes a reload of a signed-in page draw that page at once: the user the server last confirmed on this device
 * stands in for the current-user answer until it arrives (as placeholder data, so the real request still runs and
 * decides: a 401 replaces it with the signed-out screens). Every real answer is remembered (a user) or forgotten
 * (signed out); following a sign-out link forgets it first, so the next load does not draw the last user's pages.
 * Visitors with nothing remembered see the signed-out screens without waiting for the 401. Returns a function
 * that stops remembering.
 *
 * @example
 * const queryClient = createQueryClient();
 * rememberSignedInUser(queryClient, window.localStorage, document);
 */
export function rememberSignedInUser(
  queryClient: QueryClient,
  storage: UserStorage,
  root?: Pick<Document, "addEventListener" | "removeEventListener">,
): () => void {
  const remembered = readRemembered(storage);
  if (remembered) queryClient.setQueryDefaults(USER_KEY, { placeholderData: remembered });
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    if (event.query.queryKey[0] !== USER_KEY[0]) return;
    // The server has answered: from now on its answer is the user, never the remembered one.
    queryClient.setQueryDefaults(USER_KEY, {});
    writeRemembered(storage, (event.query.state.data as User | null | undefined) ?? null);
  });
  const onClick = (event: Event) => {
    if (event.target instanceof Element && event.target.closest(SIGN_OUT_LINK))
      writeRemembered(storage, null);
  };
  root?.addEventListener("click", onClick, true);
  return () => {
    unsubscribe();
    root?.removeEventListener("click", onClick, true);
  };
}
