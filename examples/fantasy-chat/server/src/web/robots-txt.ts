/**
 * `/robots.txt`. Realmheart is for adults only, so crawlers get an allow-list rather than a list of what to skip:
 * the landing page and the public app preview, and the files they are drawn with (the built client's assets, the
 * portraits, the icon); everything else — the API, the admin dashboard, the chats, the characters list, the
 * account, subscription and trial pages, and any route added later — is disallowed. The most specific (longest)
 * rule wins (RFC 9309), so `Allow: /$` opens the landing page alone under `Disallow: /`.
 *
 * @example
 * reply.type("text/plain; charset=utf-8").send(ROBOTS_TXT);
 */
export const ROBOTS_TXT = `# Realmheart is for adults (18+). Only the public landing page and the app preview are for search engines.
User-agent: *
Allow: /$
Allow: /preview$
Allow: /assets/
Allow: /characters/
Allow: /favicon.svg$
Disallow: /
`;
