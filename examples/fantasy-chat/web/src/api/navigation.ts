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
