import type { Readable } from "node:stream";

/**
 * What the provider proxy's core (forward.ts) needs from a request and a response, whatever
 * the host hands the edge: raw Node objects (`npm start`) or fetch objects (`remix-serve`).
 * The two adapters in rest/ only translate their objects into these.
 */

export interface ProviderCall {
  method: string;
  /** `/api/proxy/{provider}/{path}?{query}` as received. */
  url: string;
  /** Flat `[name, value, ...]`. */
  rawHeaders: readonly string[];
  /** The request body as it streams in; null when there is none (the adapter has drained it). */
  body: Readable | null;
}

export interface ProviderReply {
  /** Our own complete answer (a refusal, the broker's answer): `headers` without a length. */
  answer(status: number, headers: Record<string, string>, body: string): void;
  /** A failure that is not the proxy's own refusal (a bearer refusal, an outage): the adapter answers it as the edge does. */
  fail(error: unknown): void;
  /** The provider's status line and headers (already filtered). */
  start(status: number, statusText: string | undefined, headers: string[]): void;
  /** Whether start() (or answer()) was called. */
  readonly started: boolean;
  /** A chunk of the provider's body; false: wait for onDrain before the next. */
  write(chunk: Buffer): boolean;
  onDrain(resume: () => void): void;
  end(): void;
  /** Cuts an answer already under way (the provider failed mid-body). */
  destroy(): void;
  /** The caller went away before the end. */
  onClose(listener: () => void): void;
}
