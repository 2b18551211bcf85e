import type { FastifyReply, FastifyRequest } from "fastify";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import { COMPRESSIBLE_EXTENSIONS } from "./compressible.js";
import { PRECOMPRESSED, preferredEncoding, type PrecompressedCoding } from "./preferred-encoding.js";

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

/** A file to send: its path and size on disk. */
export interface StaticFile {
  path: string;
  size: number;
}

/** The size of a regular file at `path`, or null when there is none. */
async function fileSize(path: string): Promise<number | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}

/**
 * The file under `root` that a URL path names, or null when it names none: undecodable, containing NUL,
 * escaping `root`, a directory, missing, or of a type not served.
 *
 * @example
 * await resolveStaticFile("/srv/web/dist", "/assets/index-3f2a.js");
 */
export async function resolveStaticFile(root: string, urlPath: string): Promise<StaticFile | null> {
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
  const size = await fileSize(path);
  return size === null ? null : { path, size };
}

/**
 * The variant of `file` to send for the request's `Accept-Encoding`: a precompressed sibling (`.br`, `.gz`) the
 * client accepts, else the file itself. A missing sibling is simply not offered.
 */
async function negotiate(
  file: StaticFile,
  acceptEncoding: string | undefined,
): Promise<{ file: StaticFile; coding: PrecompressedCoding | null }> {
  const candidates = PRECOMPRESSED.filter(
    ({ coding }) => preferredEncoding(acceptEncoding, [coding]) !== null,
  );
  const found = await Promise.all(
    candidates.map(async ({ coding, suffix }) => {
      const size = await fileSize(file.path + suffix);
      return size === null ? null : { coding, file: { path: file.path + suffix, size } };
    }),
  );
  const available = found.filter((variant) => variant !== null);
  const coding = preferredEncoding(
    acceptEncoding,
    available.map((variant) => variant.coding),
  );
  return available.find((variant) => variant.coding === coding) ?? { file, coding: null };
}

/**
 * Sends a file resolved by {@link resolveStaticFile} with its content type and a cache policy. A text file goes
 * out as its precompressed brotli or gzip sibling when the client accepts one (`Content-Encoding`, and
 * `Vary: Accept-Encoding` on every answer for such a file, so caches keep the variants apart); HEAD gets the same
 * headers and no body.
 *
 * @example
 * await sendStaticFile(request, reply, file, "public, max-age=31536000, immutable");
 */
export async function sendStaticFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  cacheControl: string,
): Promise<FastifyReply> {
  const type = extname(file.path).toLowerCase();
  const compressible = COMPRESSIBLE_EXTENSIONS.has(type);
  const sent = compressible
    ? await negotiate(file, request.headers["accept-encoding"])
    : { file, coding: null };
  reply
    .type(CONTENT_TYPES[type] ?? "application/octet-stream")
    .header("cache-control", cacheControl)
    .header("content-length", String(sent.file.size));
  if (compressible) reply.header("vary", "accept-encoding");
  if (sent.coding) reply.header("content-encoding", sent.coding);
  return request.method === "HEAD" ? reply.send() : reply.send(createReadStream(sent.file.path));
}
