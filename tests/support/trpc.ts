import type { TestUser } from "./http";

export interface TrpcResult<T = any> {
  status: number;
  data?: T;
  error?: { message: string; code: string };
}

/**
 * Calls a procedure over the dashboard's tRPC HTTP endpoint, as the browser's typed client
 * does (no batching, no transformer): queries by GET with `?input=`, mutations by POST.
 */
export async function trpc<T = any>(
  service: { url: string },
  user: Pick<TestUser, "cookie">,
  path: string,
  input?: unknown,
  kind: "query" | "mutation" = "mutation",
): Promise<TrpcResult<T>> {
  const headers: Record<string, string> = { cookie: user.cookie };
  let url = `${service.url}/api/trpc/${path}`;
  let init: RequestInit = { method: "GET", headers };
  if (kind === "query") {
    if (input !== undefined) url += `?input=${encodeURIComponent(JSON.stringify(input))}`;
  } else {
    headers["content-type"] = "application/json";
    init = { method: "POST", headers, body: JSON.stringify(input ?? null) };
  }
  const res = await fetch(url, init);
  const body = (await res.json()) as { result?: { data: T }; error?: { message: string; data?: { code?: string } } };
  return {
    status: res.status,
    data: body.result?.data,
    error: body.error ? { message: body.error.message, code: body.error.data?.code ?? "" } : undefined,
  };
}
