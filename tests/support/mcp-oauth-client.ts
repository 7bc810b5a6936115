import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { BrowserContext } from "playwright-core";
import type { TestUser } from "./http";
import { localhostFetch } from "./mcp-tool";

/**
 * The half of an MCP client the SDK leaves to its host application: where to keep the
 * registration, verifier and tokens, and how to send the person to the authorization URL.
 * Here "the person" is a real Chromium context: it signs in on our login page if asked,
 * clicks Approve on our consent page, and lands on the client's loopback redirect, whose
 * `code` the test hands to `transport.finishAuth`. Everything else is the SDK's own code.
 */
export class BrowserApprovingProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = "";
  /** Every authorization URL the SDK asked to open, in order. */
  readonly authorizationUrls: URL[] = [];
  /** The code the last approval brought back to the redirect URI. */
  code?: string;
  /** While false, authorization requests are recorded and left unanswered (the person walked away). */
  approve = true;

  constructor(
    private readonly context: BrowserContext,
    private readonly person: TestUser,
    readonly redirectUrl: string,
  ) {}

  get clientMetadata(): OAuthClientMetadata {
    return { client_name: "SDK Test Client", redirect_uris: [this.redirectUrl], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.client = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery") {
    if (scope === "all" || scope === "tokens") this.saved = undefined;
    if (scope === "all" || scope === "client") this.client = undefined;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    this.authorizationUrls.push(url);
    if (!this.approve) return;
    this.code = (await approveInChromium(this.context, this.person, url.href, this.redirectUrl)).searchParams.get("code") ?? undefined;
  }
}

/**
 * A person in Chromium opening an authorize URL: signs in on our login page if sent there,
 * clicks Approve on our consent page, and is redirected to `redirectPrefix`. Returns that URL.
 */
export async function approveInChromium(context: BrowserContext, person: TestUser, authorizeUrl: string, redirectPrefix: string): Promise<URL> {
  const page = await context.newPage();
  try {
    await page.goto(authorizeUrl);
    await page.waitForURL((at) => at.pathname === "/login" || at.pathname.startsWith("/oauth/consent/"));
    if (new URL(page.url()).pathname === "/login") {
      await page.waitForSelector("html[data-hydrated]");
      await page.getByLabel("Email").fill(person.email);
      await page.getByLabel("Password").fill(person.password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL((at) => at.pathname.startsWith("/oauth/consent/"));
    }
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL((at) => at.href.startsWith(redirectPrefix));
    return new URL(page.url());
  } finally {
    await page.close();
  }
}

/** The client's loopback redirect (RFC 8252): a real server the browser lands on. */
export async function startLoopbackRedirect(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("You can close this window."));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SeenRequest {
  method: string;
  url: string;
  status: number;
  body?: string;
}

/** `localhostFetch` that also writes down every request the SDK makes and what it got. */
export function recordingFetch(log: SeenRequest[]): typeof fetch {
  return (async (input: string | URL, init?: RequestInit) => {
    const response = await localhostFetch(input, init);
    log.push({ method: init?.method ?? "GET", url: String(input), status: response.status, body: typeof init?.body === "string" ? init.body : init?.body instanceof URLSearchParams ? init.body.toString() : undefined });
    return response;
  }) as typeof fetch;
}
