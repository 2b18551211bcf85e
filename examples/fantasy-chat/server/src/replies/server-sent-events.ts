/**
 * The `data` payloads of a server-sent events body, in order: lines are split on LF or CRLF, an event ends at a
 * blank line, several `data:` lines of one event are joined with a newline, comments and other fields are skipped.
 *
 * @example
 * for await (const data of sseData(response)) if (data === "[DONE]") break;
 */
export async function* sseData(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = "";
  let data: string[] = [];
  const chunks = body[Symbol.asyncIterator]();
  try {
    for (;;) {
      const { done, value } = await chunks.next();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.search(/\r?\n|\r/)) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith("\r\n", newline) ? 2 : 1));
        if (line === "") {
          if (data.length > 0) yield data.join("\n");
          data = [];
        } else if (line.startsWith("data:")) {
          data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
        }
      }
      if (done) break;
    }
    if (buffer.startsWith("data:")) data.push(buffer.slice(buffer.startsWith("data: ") ? 6 : 5));
    if (data.length > 0) yield data.join("\n");
  } finally {
    await chunks.return?.();
  }
}
