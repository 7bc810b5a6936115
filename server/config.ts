import { availableParallelism } from "node:os";
import { z } from "zod";

/**
 * The one place that reads the environment. Every variable has a working offline
 * default except secrets, which `npm start` generates into .data/secrets.env once.
 * The running server never invents a secret: a missing one is reported where used.
 */
const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  BASE_URL: optionalString,
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: optionalString,
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).default(10),
  IDENTITY_PROVIDER_URL: optionalString,
  IDENTITY_SIGNING_KEY: optionalString,
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
  TENANT_CREATE_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  TENANT_CREATE_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  WELCOME_CREDITS: z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, "a decimal number of credits").default("100"),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).default(30),
  SIGNIN_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  SIGNIN_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  SIGNUP_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  KEY_FAILURE_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  // Half the cores (at least one): hashing never takes the whole machine from requests.
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).default(Math.max(1, Math.floor(availableParallelism() / 2))),
  APPS_DOMAIN: optionalString,
  APP_PROXY_ALLOWED_UPSTREAMS: optionalString,
  APP_PROXY_MAX_BODY: z.coerce.number().int().min(1).default(100 * 1024 * 1024),
  APP_PROXY_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1).default(60_000),
  // Password reset links by mail (docs/decisions/024): smtp:// or smtps://, with credentials
  // in the URL if the server needs them. Unset: an administrator issues the links instead.
  SMTP_URL: optionalString,
  SMTP_FROM: optionalString,
  HEALTH_CHECK_INTERVAL_SECONDS: z.coerce.number().min(0).default(30),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["auto", "json", "pretty"]).default("auto"),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  baseUrl: string;
  /** Where the identity provider lives; the built-in one is same-origin. */
  identityProviderUrl: string;
  usesBuiltInIdentityProvider: boolean;
  adminEmails: string[] | null;
  storageDir: string;
  secureCookies: boolean;
  /** The sender of the service's mail: SMTP_FROM, else svc <no-reply@host of BASE_URL>. */
  mailFrom: string;
  /** Deployed tools live at `{name}--{workspace}.{appsDomain}` (host[:port], lower-case). */
  appsDomain: string;
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
  const adminEmails = e.ADMIN_EMAILS
    ? e.ADMIN_EMAILS.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean)
    : null;
  return {
    ...e,
    baseUrl,
    identityProviderUrl,
    usesBuiltInIdentityProvider: !e.IDENTITY_PROVIDER_URL,
    adminEmails,
    storageDir: e.STORAGE_DIR ?? `${e.DATA_DIR}/storage`,
    secureCookies: baseUrl.startsWith("https://"),
    mailFrom: e.SMTP_FROM ?? `svc <no-reply@${new URL(baseUrl).hostname}>`,
    appsDomain: (e.APPS_DOMAIN ?? `localhost:${e.PORT}`).toLowerCase(),
  };
}

export function getConfig(): Config {
  cached ??= loadConfig();
  return cached;
}

/** Tests and the start script set the environment first, then reset the cache. */
export function resetConfig(): void {
  cached = undefined;
}
