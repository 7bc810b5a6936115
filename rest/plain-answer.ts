/**
 * An answer computed without I/O, as plain data, so either adapter can write it: the Node
 * entry straight onto the socket (no Request/Response objects at all), the fetch-style edge
 * as a Response. Used only by the hottest reads (see docs/decisions/003).
 */
export interface PlainAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Request headers by lower-case name; repeated lines joined by ", ". */
export type HeaderReader = (name: string) => string | null | undefined;

export function plainJson(body: unknown, headers: Record<string, string> = {}): PlainAnswer {
  return { status: 200, headers: { "content-type": "application/json; charset=utf-8", ...headers }, body: JSON.stringify(body) };
}

export function toResponse(answer: PlainAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
