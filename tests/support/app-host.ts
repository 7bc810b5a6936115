import { request } from "node:http";

export interface AppResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  rawHeaders: string[];
  text: string;
  json<T = any>(): T;
}

/**
 * One request to a deployed tool through the app-proxy: sent to the service's address with
 * `Host: {name}--{slug}.localhost:{port}`, as a browser resolving `*.localhost` would.
 * Raw header pairs may repeat a name (spoofing tests).
 */
export function appRequest(
  serviceUrl: string,
  host: string,
  path: string,
  options: { method?: string; rawHeaders?: [string, string][]; body?: Buffer | string } = {},
): Promise<AppResponse> {
  const target = new URL(serviceUrl);
  const headers: string[] = ["Host", host];
  for (const [name, value] of options.rawHeaders ?? []) headers.push(name, value);
  return new Promise((resolve, reject) => {
    const req = request({ hostname: target.hostname, port: target.port, method: options.method ?? "GET", path, headers: headers as never, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, text, json: () => JSON.parse(text) });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

/**
 * What a browser's navigation sends: the app-proxy sends only those to sign in (issue 15);
 * a program without credentials gets a 401 with the tool's resource metadata instead.
 */
export const NAVIGATION: [string, string] = ["Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"];

/** The app-proxy handshake done by hand, as a browser navigation would: returns the tool's session cookie. */
export async function appSession(serviceUrl: string, host: string, dashboardCookie: string, path = "/"): Promise<string> {
  const first = await appRequest(serviceUrl, host, path, { rawHeaders: [NAVIGATION] });
  if (first.status !== 302) throw new Error(`expected a redirect to sign in, got ${first.status}: ${first.text}`);
  const authorize = await fetch(String(first.headers.location), { headers: { cookie: dashboardCookie }, redirect: "manual" });
  if (authorize.status !== 302) throw new Error(`authorize answered ${authorize.status}: ${await authorize.text()}`);
  const callback = new URL(authorize.headers.get("location")!);
  const exchanged = await appRequest(serviceUrl, host, callback.pathname + callback.search);
  const cookie = String(exchanged.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;
  if (exchanged.status !== 302 || !cookie.startsWith("svc_app_session=")) throw new Error(`callback answered ${exchanged.status}: ${exchanged.text}`);
  return cookie;
}
