/**
 * A body stream read as UTF-8 text, or null as soon as it passes `maxBytes`: the reading
 * stops there (the stream is cancelled, a failing cancel ignored), so an oversized body is never buffered whole.
 * No stream is the empty text.
 */
export async function readCapped(stream: ReadableStream<Uint8Array> | null | undefined, maxBytes: number): Promise<string | null> {
  if (!stream) return "";
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
