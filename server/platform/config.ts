import { availableParallelism, hostname } from "node:os";
import { z } from "zod";
import { compileUriGlob } from "./security/uri-glob";

/**
 * The one place that reads the environment. Every variable has a working offline
 * default except secrets, which `npm start` generates into .data/secrets.env once.
 * The running server never invents a secret: a missing one is reported where used.
 */
const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());

/** The five settings of one upstream provider, `EXTERNAL_<NAME>_{ENABLED,CLIENT_ID,SECRET,REDIRECT_URI,URL}`. */
function externalProviderSettings<const Name extends string>(name: Name) {
  return {
    [`EXTERNAL_${name}_ENABLED`]: z.enum(["true", "false", ""]).default("false").transform((v) => v === "true"),
    [`EXTERNAL_${name}_CLIENT_ID`]: optionalString,
    [`EXTERNAL_${name}_SECRET`]: optionalString,
    [`EXTERNAL_${name}_REDIRECT_URI`]: optionalString,
    [`EXTERNAL_${name}_URL`]: optionalString,
  } as {
    [K in `EXTERNAL_${Name}_ENABLED`]: z.ZodPipe<z.ZodDefault<z.ZodEnum<{ true: "true"; false: "false"; "": "" }>>, z.ZodTransform<boolean, "true" | "false" | "">>;
  } & { [K in `EXTERNAL_${Name}_${"CLIENT_ID" | "SECRET" | "REDIRECT_URI" | "URL"}`]: typeof optionalString };
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PORT_BUSY_WAIT_SECONDS: z.coerce.number().min(0).max(600).default(10),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(20),
  BASE_URL: optionalString,
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: optionalString,
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).default(10),
  IDENTITY_PROVIDER_URL: optionalString,
  // The authorization server's public address, its issuer (SPEC's {auth_url}); default {BASE_URL}/auth/v1 (ADR 050).
  AUTH_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v) && !new URL(v).search && !new URL(v).hash, "an absolute http(s) URL without query or fragment")
      .optional(),
  ),
  IDENTITY_SIGNING_KEY: optionalString,
  // Retired keys that still verify until their overlap ends (npm run keys:rotate, ADR 035).
  IDENTITY_PREVIOUS_KEYS: optionalString,
  // The deployed-tool assertion's own key (X-Svc-Assertion), never the identity key.
  ASSERTION_SIGNING_KEY: optionalString,
  ASSERTION_PREVIOUS_KEYS: optionalString,
  // The built-in provider's admin API (/auth/v1/admin): a JWT with role service_role.
  SERVICE_ROLE_KEY: optionalString,
  // GoTrue's anonymous sign-in (auth-js signInAnonymously): off unless "true", as GoTrue ships it.
  // GoTrue's MAILER_AUTOCONFIRM: with mail, take sign-up addresses as confirmed (no link, a session at once).
  MAILER_AUTOCONFIRM: z
    .enum(["true", "false", ""])
    .default("false")
    .transform((v) => v === "true"),
  ANONYMOUS_SIGN_IN: z
    .enum(["true", "false", ""])
    .default("false")
    .transform((v) => v === "true"),
  // GoTrue's GOTRUE_SAML_ENABLED: SAML 2.0 single sign-on (/auth/v1/sso, ADR 079); off, those paths answer 404 saml_provider_disabled.
  SAML_ENABLED: z
    .enum(["true", "false", ""])
    .default("false")
    .transform((v) => v === "true"),
  ADMIN_EMAILS: optionalString,
  INTEGRATION_ENCRYPTION_KEY: optionalString,
  SESSION_SECRET: optionalString,
  STORAGE_DRIVER: z.enum(["fs", "s3"]).default("fs"),
  STORAGE_DIR: optionalString,
  S3_ENDPOINT: optionalString,
  S3_REGION: z.string().default("us-east-1"),
  S3_BUCKET: z.string().default("avatars"),
  S3_PUBLIC_URL: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  // Orphaned images and crash-left temp files older than the grace period are swept at start
  // and every interval (0: at start only).
  STORAGE_SWEEP_GRACE_SECONDS: z.coerce.number().int().min(0).default(3600),
  STORAGE_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(3600),
  OAUTH_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(600),
  TENANT_CREATE_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  TENANT_CREATE_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  WELCOME_CREDITS: z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, "a decimal number of credits").default("100"),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).default(30),
  SIGNIN_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  SIGNIN_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  SIGNUP_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  KEY_FAILURE_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  // Dynamic client registrations (RFC 7591) per client address and AUTH_RATE_WINDOW_SECONDS (issue 15).
  OAUTH_REGISTRATION_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  // User codes entered on the device page (RFC 8628 5.1) per client address and AUTH_RATE_WINDOW_SECONDS.
  DEVICE_CODE_ENTRY_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  // GoTrue's GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL (ADR 060): how long after its rotation
  // a refresh token reused is answered with the session's current pair rather than ending it.
  REFRESH_TOKEN_REUSE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  // One per core, as libuv's pool runs better-auth's (issue 30, ADR 074): scrypt is CPU-bound,
  // so more at once only waits longer. The hashes run on threads of their own at a lower
  // priority (identity/hashing-threads.ts), so requests and file I/O still come first.
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).default(Math.max(1, availableParallelism())),
  // scrypt's cost as log2(N) for new password hashes. Each hash keeps its own parameters, so
  // raising it never breaks stored ones; lowering it (down to 10) is for test suites that
  // create thousands of accounts, as Rails' and Django's test settings do with their hashers.
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(17).default(14),
  APPS_DOMAIN: optionalString,
  APP_PROXY_ALLOWED_UPSTREAMS: optionalString,
  TRUSTED_PROXIES: z.string().default("127.0.0.0/8,::1/128"),
  APP_PROXY_MAX_BODY: z.coerce.number().int().min(1).default(100 * 1024 * 1024),
  APP_PROXY_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1).default(60_000),
  // Where `svc ssh` and `svc agent` dial the shell broker; default: this service at /ssh/v1.
  SSH_BROKER_URL: optionalString,
  // Several instances (ADR 043): where the other instances reach this one (its shell relay),
  // and the secret that lets them in; generated into secrets.env like the other secrets.
  INSTANCE_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^https?:\/\/[^/?#\s]+\/?$/, "an http:// or https:// origin, such as http://10.0.0.12:3000").optional()),
  SHELL_RELAY_SECRET: optionalString,
  // Password reset links by mail (docs/decisions/024): smtp:// or smtps://, with credentials
  // in the URL if the server needs them. Unset: an administrator issues the links instead.
  SMTP_URL: optionalString,
  SMTP_FROM: optionalString,
  // RFC 8628's `interval`: seconds a device waits between polls of the token endpoint
  // (`svc login --device`); a faster poll is answered `slow_down`.
  DEVICE_POLL_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  HEALTH_CHECK_INTERVAL_SECONDS: z.coerce.number().min(0).default(30),
  // How long a client's ID metadata document (our OAuth server) has to arrive, headers and body.
  CLIENT_METADATA_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  // Webhook delivery (issue 19, ADR 041): the wait before each attempt, in seconds, the first
  // one's after the change and every other's after the failure before it. The default is the
  // Standard Webhooks schedule: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default("0,5,300,1800,7200,18000,36000,36000")
    .refine((v) => /^\s*\d{1,7}(\s*,\s*\d{1,7}){0,19}\s*$/.test(v), "1 to 20 whole numbers of seconds, separated by commas")
    .transform((v) => v.split(",").map((part) => Number(part.trim()))),
  // How long a receiver has to answer one attempt; no answer by then is a failed attempt.
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(15),
  // Passkeys (ADR 048): origins besides BASE_URL's whose pages may run a ceremony, as GoTrue's
  // WEBAUTHN_RP_ORIGINS (a single-page app served from another port of the relying party's
  // host). Each an exact origin such as http://localhost:5173, separated by commas.
  WEBAUTHN_RP_ORIGINS: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const origins = value.split(",").map((part) => part.trim()).filter(Boolean);
      for (const origin of origins) {
        if (!URL.canParse(origin) || new URL(origin).origin !== origin || !/^https?:$/.test(new URL(origin).protocol)) {
          ctx.addIssue({ code: "custom", message: `"${origin}" is not an origin: write scheme, host and port only, like http://localhost:5173` });
          return z.NEVER;
        }
      }
      return origins;
    }),
  // GoTrue's URI_ALLOW_LIST (ADR 076): where a `redirect_to` may send a session besides
  // BASE_URL's host; comma-separated URLs with GoTrue's globs (`*` within a host label or path
  // segment, `**` across them), such as http://localhost:5173/** for a single-page app.
  URI_ALLOW_LIST: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const patterns = value.split(",").map((part) => part.trim()).filter(Boolean);
      for (const pattern of patterns) {
        const problem = uriAllowListProblem(pattern);
        if (problem) {
          ctx.addIssue({ code: "custom", message: problem });
          return z.NEVER;
        }
      }
      return patterns;
    }),
  // The workspace audit log keeps rows this many days; the background sweep deletes older ones (ADR 047).
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  // OAuth connections (issue 7). The catalog file is read at every start (ADR 010).
  INTEGRATIONS_FILE: optionalString,
  FIRST_PARTY_PROVIDER: z.string().default("supabase"),
  BROKER_API_URL: z.string().default("https://backend.composio.dev"),
  BROKER_API_KEY: optionalString,
  // How long the broker has to answer a link, read or delete before it is given up.
  BROKER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  // Connection health (issue 19, docs/decisions/040): how often one instance of the cluster
  // refreshes first-party tokens ahead of expiry and asks the broker for its accounts' status;
  // fractions let tests run the schedule in seconds. 0: never.
  CONNECTION_HEALTH_INTERVAL_SECONDS: z.coerce.number().min(0).default(300),
  // The waits before each retry of a transient failure (network, 5xx) within a round, seconds
  // separated by commas; when all are spent the connection moves to `error`.
  CONNECTION_HEALTH_RETRY_SECONDS: z
    .string()
    .default("5,30,120")
    .transform((value, ctx) => {
      const waits = value.split(",").map((part) => Number(part.trim()));
      if (value.trim() === "") return [];
      if (waits.some((wait) => !Number.isFinite(wait) || wait < 0)) {
        ctx.addIssue({ code: "custom", message: "seconds separated by commas, like 5,30,120" });
        return z.NEVER;
      }
      return waits;
    }),
  // Prometheus metrics (docs/architecture.md, README "Metrics"): off unless one is set. With
  // METRICS_TOKEN, GET /metrics on the public port answers `Authorization: Bearer <token>` only;
  // with METRICS_PORT, a second listener on 127.0.0.1 serves it to whoever can reach loopback.
  METRICS_TOKEN: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(16, "at least 16 characters").optional()),
  METRICS_PORT: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  // OpenTelemetry traces over OTLP/HTTP (server/platform/tracing.ts): off unless the endpoint
  // is set; the exporter also reads the other standard OTEL_EXPORTER_OTLP_* variables itself.
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString,
  OTEL_SERVICE_NAME: z.string().default("svc"),
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(1).default(5000),
  // Sign-in through an upstream provider (issue 31, ADR 075), GoTrue's GOTRUE_EXTERNAL_* without its prefix.
  // URL: GitHub's base (GitHub Enterprise, tests), Google's and Keycloak's issuer. REDIRECT_URI: default {auth_url}/callback.
  ...externalProviderSettings("GITHUB"),
  ...externalProviderSettings("GOOGLE"),
  ...externalProviderSettings("KEYCLOAK"),
  // What the sign-in pages call the generic OpenID provider.
  EXTERNAL_KEYCLOAK_NAME: z.string().default("Keycloak"),
  // GoTrue's GOTRUE_SECURITY_MANUAL_LINKING_ENABLED: a signed-in person may link and unlink upstream identities.
  MANUAL_LINKING_ENABLED: z.enum(["true", "false", ""]).default("false").transform((v) => v === "true"),
  // Custom providers (admin API) may name http and private or loopback addresses: an operator's own network, tests.
  CUSTOM_PROVIDERS_ALLOW_PRIVATE_URLS: z.enum(["true", "false", ""]).default("false").transform((v) => v === "true"),
  // How long an upstream provider has to answer one call (token exchange, user, discovery, keys).
  EXTERNAL_PROVIDER_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(10),
  // Resolvers for workspace domain verification (ADR 081): comma-separated IPs, `ip:port` or `[ipv6]:port`; empty: the system's.
  DNS_SERVERS: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean))
    .refine((servers) => servers.every((s) => /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:.]+\](:\d{1,5})?|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)$/.test(s)), "DNS_SERVERS must list IP addresses, each optionally with :port"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["auto", "json", "pretty"]).default("auto"),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  baseUrl: string;
  /** Where the identity provider lives; the built-in one is same-origin. */
  identityProviderUrl: string;
  usesBuiltInIdentityProvider: boolean;
  /**
   * The OAuth 2.1 authorization server's issuer, without a trailing slash: AUTH_URL, else
   * `{identity provider}/auth/v1`. The `iss` of every identity token and what its metadata names.
   */
  authUrl: string;
  adminEmails: string[] | null;
  storageDir: string;
  secureCookies: boolean;
  /** The sender of the service's mail: SMTP_FROM, else svc <no-reply@host of BASE_URL>. */
  mailFrom: string;
  /** Deployed tools live at `{name}--{workspace}.{appsDomain}` (host[:port], lower-case). */
  appsDomain: string;
  /** The shell broker's WebSocket URL, told to the CLI by `GET /api/cli/whoami`. */
  sshBrokerUrl: string;
  /** BROKER_API_URL without a trailing slash. */
  brokerApiUrl: string;
  /** INSTANCE_URL, else http://<HOST, or this machine's name when HOST is a wildcard>:<PORT>. */
  instanceUrl: string;
}

let cached: Config | undefined;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const identityProviderUrl = (e.IDENTITY_PROVIDER_URL ?? baseUrl).replace(/\/+$/, "");
  // With a hosted provider, {auth_url} is that provider's own server (ADR 037): nothing of ours to move.
  if (e.AUTH_URL && e.IDENTITY_PROVIDER_URL) {
    throw new Error("Invalid configuration: AUTH_URL: only with the built-in identity provider; with IDENTITY_PROVIDER_URL the authorization server is the provider's own");
  }
  const authUrl = (e.AUTH_URL ?? `${identityProviderUrl}/auth/v1`).replace(/\/+$/, "");
  const adminEmails = e.ADMIN_EMAILS
    ? e.ADMIN_EMAILS.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean)
    : null;
  return {
    ...e,
    baseUrl,
    identityProviderUrl,
    authUrl,
    usesBuiltInIdentityProvider: !e.IDENTITY_PROVIDER_URL,
    adminEmails,
    storageDir: e.STORAGE_DIR ?? `${e.DATA_DIR}/storage`,
    secureCookies: baseUrl.startsWith("https://"),
    brokerApiUrl: e.BROKER_API_URL.replace(/\/+$/, ""),
    mailFrom: e.SMTP_FROM ?? `svc <no-reply@${URL.canParse(baseUrl) ? new URL(baseUrl).hostname : "localhost"}>`,
    appsDomain: (e.APPS_DOMAIN ?? `localhost:${e.PORT}`).toLowerCase(),
    sshBrokerUrl: (e.SSH_BROKER_URL ?? defaultBrokerUrl(baseUrl)).replace(/\/+$/, ""),
    instanceUrl: (e.INSTANCE_URL ?? defaultInstanceUrl(e.HOST, e.PORT)).replace(/\/+$/, ""),
  };
}

/**
 * Why a URI_ALLOW_LIST entry cannot stand, or null. GoTrue compiles any string; here an entry
 * must start with a plain scheme (a leading `**` would allow every site) and be a valid glob.
 */
function uriAllowListProblem(pattern: string): string | null {
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(pattern)?.[1]?.toLowerCase();
  if (!scheme) return `"${pattern}" does not start with a scheme: write a URL such as http://localhost:5173/** or https://*.example.com/**`;
  if (["javascript", "data", "vbscript", "file", "blob", "about"].includes(scheme)) return `"${pattern}": ${scheme}: URLs are never a redirect target`;
  try {
    compileUriGlob(pattern);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** A wildcard HOST listens everywhere: the machine's own name is what others can dial. */
function defaultInstanceUrl(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" || host === "" ? hostname() : host;
  return `http://${name.includes(":") ? `[${name}]` : name}:${port}`;
}

/** ws(s)://<BASE_URL host>/ssh/v1: the same origin, wss when the base URL is https. */
function defaultBrokerUrl(baseUrl: string): string {
  // A BASE_URL that is not absolute (vitest sets BASE_URL=/ for Vite) has no broker to derive.
  if (!URL.canParse(baseUrl)) return "";
  const url = new URL(baseUrl);
  return `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}/ssh/v1`;
}

/**
 * `<PROVIDER>_OAUTH_CLIENT_ID` / `_SECRET` (slug upper-cased, `-` to `_`): named by the
 * catalog, so read here rather than in the fixed schema. Empty counts as unset.
 */
export function oauthClientCredentials(provider: string, env: NodeJS.ProcessEnv = process.env) {
  const prefix = oauthEnvPrefix(provider);
  return {
    clientIdVariable: `${prefix}_OAUTH_CLIENT_ID`,
    clientId: env[`${prefix}_OAUTH_CLIENT_ID`] || undefined,
    clientSecret: env[`${prefix}_OAUTH_CLIENT_SECRET`] || undefined,
  };
}

export function oauthEnvPrefix(provider: string): string {
  return provider.toUpperCase().replace(/-/g, "_");
}

export function getConfig(): Config {
  cached ??= loadConfig();
  return cached;
}

/** Tests and the start script set the environment first, then reset the cache. */
export function resetConfig(): void {
  cached = undefined;
}
