import { describe, expect, it } from "vitest";
import { sharedService } from "../support/shared-service";
import { rawExchange, type RawExchange } from "../support/raw-exchange";

const HEAD_TOO_LARGE = "HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n";
const BAD_REQUEST = "HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n";

/**
 * A request the HTTP parser refuses while its client is still sending the rest: a head over
 * the 16 KB limit, or a forbidden byte in a header ahead of a large body. RFC 9112 §9.6: a
 * server that closes at once while input is unread makes its TCP stack reset the connection,
 * and the reset can erase its answer before the client reads it (a browser then shows a
 * connection error instead of 431). CI saw exactly that once: the 1 MB Authorization case of
 * tool-resource.test.ts read no answer at all.
 */
describe("requests the HTTP parser refuses", () => {
  const service = sharedService();
  const port = Number(new URL(service.url).port);

  const withAuthorization = (value: string) =>
    Buffer.from(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\nAuthorization: ${value}\r\n\r\n`);

  it("answers a 1 MB head 431 and lets the client finish sending, every time (no reset that erases the answer)", async () => {
    const request = withAuthorization(`Bearer ${"a".repeat(1024 * 1024)}`);
    const exchanges: RawExchange[] = [];
    // One at a time, as a person retrying would: before the mend, about half of these lost
    // their answer to the reset when client and service ran as two processes.
    for (let i = 0; i < 20; i++) exchanges.push(await rawExchange(port, request));
    expect(exchanges).toEqual(Array.from({ length: 20 }, () => ({ answer: HEAD_TOO_LARGE, reset: false })));
  });

  it("answers a NUL in a header 400 while a 1 MB body is still coming, and the client reads it", async () => {
    const body = Buffer.alloc(1024 * 1024, "x");
    const head = Buffer.from(`POST /api/tenants HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Note: a\u0000b\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    const exchanges: RawExchange[] = [];
    for (let i = 0; i < 10; i++) exchanges.push(await rawExchange(port, Buffer.concat([head, body])));
    expect(exchanges).toEqual(Array.from({ length: 10 }, () => ({ answer: BAD_REQUEST, reset: false })));
  });
});
