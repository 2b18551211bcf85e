/**
 * Full-page navigations out of the client (the login page, the card provider's pages). One object, so tests can
 * replace it and see where the browser would have gone.
 *
 * @example
 * pageNavigation.assign("/api/login");
 */
export const pageNavigation = {
  assign: (url: string): void => window.location.assign(url),
};

/**
 * The path /subscribe returns to (`?return=/chat/…`): only one of the app's own chats, so the parameter cannot send
 * the user anywhere else; null otherwise.
 *
 * @example
 * returnPath("?return=%2Fchat%2Fabc"); // "/chat/abc"
 * returnPath("?return=https://evil.example"); // null
 */
export function returnPath(search: string): string | null {
  const path = new URLSearchParams(search).get("return");
  return path && /^\/chat\/[A-Za-z0-9_-]+$/.test(path) ? path : null;
}
