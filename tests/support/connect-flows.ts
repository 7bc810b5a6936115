import { CookieJar, hop, popupMessage, type Hop } from "./oauth";
import type { TestUser } from "./http";

/**
 * A connection made as a person's popup makes it, every redirect followed by hand: the
 * first-party flow (authorize → the provider's consent → our callback) and the broker flow
 * (start → the broker's hosted consent → our callback). `query` is the start's query
 * (`embed=1&app_key=…`, `reconnect=<id>`…). An embedded broker start shows the connect
 * wizard first (SPEC 4.1); it takes its "Connect a new account" (`internal=1`), as the
 * wizard's button does. The first-party authorize never does so unasked (issue 28, 2): a
 * wizard there is an answer like any other, returned to the test.
 */
export interface ConnectResult {
  callback: Hop;
  /** The popup's message (`svc:oauth:done` or `svc:oauth:error`). */
  message: any;
}

async function follow(service: { url: string }, startPath: string, query: string, user: TestUser, wizardFirst: boolean): Promise<ConnectResult> {
  const jar = new CookieJar();
  const url = (extra: string) => `${service.url}${startPath}${[query, extra].filter(Boolean).join("&") ? `?${[query, extra].filter(Boolean).join("&")}` : ""}`;
  let start = await hop(url(""), jar, user.cookie);
  if (wizardFirst && start.headers.get("location")?.startsWith("/connections/connect/")) start = await hop(url("internal=1"), jar, user.cookie);
  if (start.status !== 302) return { callback: start, message: popupMessage(start.text) };
  let location = start.headers.get("location")!;
  if (location.startsWith("/connections/connect/")) throw new Error(`the first-party authorize answered with the wizard: ${location}`);
  // A broker row's authorize hands over to the broker start on our own origin first.
  if (location.startsWith("/")) {
    start = await hop(`${service.url}${location}`, jar, user.cookie);
    if (start.status !== 302) return { callback: start, message: popupMessage(start.text) };
    location = start.headers.get("location")!;
  }
  const consent = await hop(location, jar);
  if (consent.status !== 302) throw new Error(`the consent page answered ${consent.status}: ${consent.text.slice(0, 300)}`);
  const callback = await hop(consent.headers.get("location")!, jar);
  return { callback, message: popupMessage(callback.text) };
}

export function connectFirstParty(service: { url: string }, user: TestUser, provider = "supabase", query = ""): Promise<ConnectResult> {
  return follow(service, `/api/oauth/${provider}/authorize`, query, user, false);
}

export function connectBroker(service: { url: string }, user: TestUser, provider: string, query = ""): Promise<ConnectResult> {
  return follow(service, `/api/oauth/broker/${provider}/start`, query, user, true);
}
