import type { FastifyReply, FastifyRequest } from "fastify";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { INLINE_CONFIG_ID, type ClientConfig } from "../system/client-config.js";
import { preferredEncoding, type PrecompressedCoding } from "./preferred-encoding.js";

/** The client's page as served: its bytes plain and in each coding, made once when the server starts. */
export interface AppPage {
  plain: Buffer;
  coded: Record<PrecompressedCoding, Buffer>;
}

/**
 * The built `index.html` with `GET /api/config`'s answer written into it (a JSON script element the client reads
 * before its first render, web/src/api/inline-config.ts), so no page load waits on that request and the first
 * render already knows, say, to show the sandbox notice. `<` is escaped, so no value can close the element. A
 * page without a `</head>` is served as built.
 *
 * @example
 * withInlineConfig("<html><head></head>…", config); // "<html><head><script type=\"application/json\" …"
 */
export function withInlineConfig(html: string, config: ClientConfig): string {
  const json = JSON.stringify(config).replaceAll("<", "\\u003c");
  const element = `<script type="application/json" id="${INLINE_CONFIG_ID}">${json}</script>`;
  const head = html.indexOf("</head>");
  return head === -1 ? html : `${html.slice(0, head)}${element}${html.slice(head)}`;
}

/**
 * The page made from the built `index.html` and the client config, compressed once (brotli at its best quality,
 * gzip at level 9: it is a kilobyte or two).
 *
 * @example
 * const page = appPage(await readFile(index, "utf8"), clientConfig);
 */
export function appPage(html: string, config: ClientConfig): AppPage {
  const plain = Buffer.from(withInlineConfig(html, config));
  return {
    plain,
    coded: {
      br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(plain, { level: 9 }),
    },
  };
}

/**
 * Sends the page, in the coding the request accepts best (`Vary: Accept-Encoding`), never cached without asking
 * again (`no-cache`: a new build's page names new assets); HEAD gets the headers alone.
 *
 * @example
 * return sendAppPage(request, reply, page);
 */
export function sendAppPage(request: FastifyRequest, reply: FastifyReply, page: AppPage): FastifyReply {
  const coding = preferredEncoding(request.headers["accept-encoding"], ["br", "gzip"]);
  const body = coding ? page.coded[coding] : page.plain;
  reply
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-cache")
    .header("vary", "accept-encoding")
    .header("content-length", String(body.length));
  if (coding) reply.header("content-encoding", coding);
  return request.method === "HEAD" ? reply.send() : reply.send(body);
}
