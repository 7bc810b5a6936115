import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it, vi } from "vitest";
import { scryptSync } from "node:crypto";
import { scryptOnHashingThread } from "../../server/identity/hashing-threads";

/**
 * A password check reads its salt with Buffer.from(text, "base64url"): a 16-byte view into
 * Node's shared 8 KB pool. postMessage copies the whole ArrayBuffer behind a view, so each hash
 * handed its thread an 8 KB block, and those blocks, freed only at the thread's next collection,
 * fragmented its malloc arena between the 16 MB scrypt blocks: on Node 24 each hashing thread's
 * arena grew from 18 to about 55 MB under sign-ins (issue 30's soak, ADR 097).
 */
afterEach(() => vi.restoreAllMocks());

describe("hashing threads", () => {
  it("send the thread the salt's 16 bytes, not the pooled 8 KB buffer the salt is a view into", async () => {
    const salt = Buffer.from("c2FsdHNhbHRzYWx0c2FsdA", "base64url");
    expect(salt.length).toBe(16);
    expect(salt.buffer.byteLength).toBeGreaterThan(16); // the precondition: a view into Node's pool

    const posted = vi.spyOn(Worker.prototype, "postMessage");
    const options = { N: 1024, r: 8, p: 1, maxmem: 32 * 1024 * 1024 };
    const key = await scryptOnHashingThread("correct horse", salt, 64, options, 1);

    const sent = posted.mock.calls.map(([message]) => (message as { salt: Uint8Array }).salt);
    expect(sent).toHaveLength(1);
    expect(sent[0].buffer.byteLength).toBe(16);
    expect(Buffer.from(sent[0]).equals(salt)).toBe(true);
    expect(key.equals(scryptSync("correct horse", salt, 64, options))).toBe(true);
  });
});
