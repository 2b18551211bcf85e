import type { FastifyReply } from "fastify";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * The file under `root` that a URL path names, or null when it names none: undecodable, containing NUL,
 * escaping `root`, a directory, missing, or of a type not served.
 *
 * @example
 * await resolveStaticFile("/srv/web/dist", "/assets/index-3f2a.js");
 */
export async function resolveStaticFile(
  root: string,
  urlPath: string,
): Promise<{ path: string; size: number } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  const base = resolve(root);
  const path = resolve(base, `.${decoded}`);
  if (!path.startsWith(base + sep) || !(extname(path).toLowerCase() in CONTENT_TYPES)) return null;
  try {
    const info = await stat(path);
    return info.isFile() ? { path, size: info.size } : null;
  } catch {
    return null;
  }
}

/**
 * Sends a file resolved by {@link resolveStaticFile} with its content type and a cache policy.
 *
 * @example
 * await sendStaticFile(reply, file, "public, max-age=31536000, immutable");
 */
export function sendStaticFile(
  reply: FastifyReply,
  file: { path: string; size: number },
  cacheControl: string,
  method: string,
): FastifyReply {
  reply
    .type(CONTENT_TYPES[extname(file.path).toLowerCase()] ?? "application/octet-stream")
    .header("cache-control", cacheControl)
    .header("content-length", String(file.size));
  return method === "HEAD" ? reply.send() : reply.send(createReadStream(file.path));
}
