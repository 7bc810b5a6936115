import { Worker } from "node:worker_threads";

/**
 * scrypt on threads of its own, each at a lower CPU priority than the rest of the process
 * (issue 30, ADR 074). On libuv's pool a hash shares 4 threads with file I/O, DNS and zlib,
 * and at the same priority as the event loop: hashing on every core (what sign-in throughput
 * needs, and what better-auth does) then slowed uploads under a sign-in flood. Here the hashes
 * take whatever CPU the requests leave (the event loop and PostgreSQL come first), the pool
 * stays free for I/O, and PASSWORD_HASH_CONCURRENCY (the bounded queue in passwords.ts) still
 * caps how many run at once. Workers start on the first hash, end after 10 s without one, and
 * do not keep the process up.
 */

/** The worker: lowers its own thread's priority where the OS says which thread it is (Linux), then hashes on request. */
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { scryptSync } = require("node:crypto");
const { readlinkSync } = require("node:fs");
const { setPriority } = require("node:os");
try {
  const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
} catch {}
parentPort.on("message", ({ id, password, salt, keyLength, options }) => {
  try {
    const key = scryptSync(password, salt, keyLength, options);
    parentPort.postMessage({ id, key });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Pending {
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

interface HashingThread {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Ends the thread once it has been idle this long: a thread and its scrypt memory cost ~15 MB of RSS. */
  idleTimer?: NodeJS.Timeout;
}

const IDLE_MS = 10_000;

/**
 * Hashes a thread may hold: the one it runs and the next, waiting in its message port. A
 * thread that finishes then starts its next hash at once, instead of idling until the event
 * loop has taken its answer and sent it another (the gap better-auth's libuv pool does not
 * have: issue 30, ADR 093). Still one hash at a time per thread, and no more threads.
 */
export const HASHES_HELD_PER_THREAD = 2;

const threads: HashingThread[] = [];
let nextId = 0;

function startThread(): HashingThread {
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  const thread: HashingThread = { worker, pending: new Map() };
  worker.unref();
  worker.on("message", (message: { id: number; key?: Uint8Array; error?: string }) => {
    const waiting = thread.pending.get(message.id);
    if (!waiting) return;
    thread.pending.delete(message.id);
    if (message.key) waiting.resolve(Buffer.from(message.key.buffer, message.key.byteOffset, message.key.byteLength));
    else waiting.reject(new Error(message.error ?? "scrypt failed"));
  });
  // A thread that dies fails what it was hashing and is not used again.
  const fail = (error: Error) => {
    const at = threads.indexOf(thread);
    if (at >= 0) threads.splice(at, 1);
    for (const waiting of thread.pending.values()) waiting.reject(error);
    thread.pending.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`hashing thread exited (${code})`)));
  threads.push(thread);
  return thread;
}

/** The thread holding the fewest hashes; a new one while fewer than `maxThreads` run and every one is busy. */
function threadFor(maxThreads: number): HashingThread {
  let least: HashingThread | undefined;
  for (const thread of threads) if (!least || thread.pending.size < least.pending.size) least = thread;
  if (least && (least.pending.size === 0 || threads.length >= maxThreads)) return least;
  return startThread();
}

/**
 * scrypt's key for `password` and `salt` on a hashing thread: at most `maxThreads` threads,
 * each hashing one at a time with the next waiting (the caller bounds how many are in flight:
 * `maxThreads` × HASHES_HELD_PER_THREAD, passwords.ts).
 */
export async function scryptOnHashingThread(password: string, salt: Buffer, keyLength: number, options: { N: number; r: number; p: number; maxmem: number }, maxThreads: number): Promise<Buffer> {
  const thread = threadFor(maxThreads);
  clearTimeout(thread.idleTimer);
  const id = nextId++;
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, password, salt: saltOfItsOwn(salt), keyLength, options });
    });
  } finally {
    if (thread.pending.size === 0 && threads.includes(thread)) {
      thread.idleTimer = setTimeout(() => endIdle(thread), IDLE_MS);
      thread.idleTimer.unref();
    }
  }
}

/**
 * The salt's bytes in an ArrayBuffer of their own. A salt read with `Buffer.from(text, "base64url")`
 * (every password check) is a 16-byte view into Node's shared 8 KB pool, and postMessage copies the
 * whole ArrayBuffer behind a view: each hash would hand its thread an 8 KB block it frees only at
 * that thread's next garbage collection. Scattered between the 16 MB scrypt blocks in the thread's
 * malloc arena, those blocks kept each new 16 MB block from fitting where the last one was freed,
 * and on Node 24 each hashing thread's arena grew from 18 to about 55 MB (issue 30, ADR 097).
 */
export function saltOfItsOwn(salt: Uint8Array): Uint8Array {
  return new Uint8Array(salt);
}

function endIdle(thread: HashingThread): void {
  const at = threads.indexOf(thread);
  if (at < 0 || thread.pending.size > 0) return;
  threads.splice(at, 1);
  void thread.worker.terminate();
}
