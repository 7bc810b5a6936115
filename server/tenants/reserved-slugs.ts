/**
 * Slugs a workspace may not take: every top-level route of this app (a workspace URL must
 * never shadow a page or API), infrastructure host names, and words that read as system
 * values. Kept in code so a deploy can't drift from the routes it protects.
 */
const appRoutes = [
  "api", "auth", "dashboard", "connections", "dev", "login", "logout", "signup", "signin", "signout",
  "register", "settings", "storage", "admin", "onboarding", "profile", "account", "accounts", "billing",
  "apps", "app", "keys", "cli", "oauth", "callback", "build", "assets", "static", "public", "favicon",
  "robots", "sitemap", "health", "healthz", "status", "metrics", "trpc", "workspace", "workspaces",
  "tenant", "tenants", "user", "users", "me", "new", "deployments", "deploy", "integrations", "invite",
  "invites", "team", "teams", "org", "orgs", "docs", "help", "support", "pricing", "terms", "privacy",
  "legal", "security", "about", "blog", "home", "download", "downloads",
];
const systemWords = [
  "www", "mail", "email", "smtp", "imap", "pop", "ftp", "ssh", "dns", "ns", "ns1", "ns2", "mx", "cdn",
  "root", "system", "sys", "administrator", "superuser", "sudo", "null", "undefined", "nil", "none",
  "true", "false", "test", "testing", "staging", "stage", "prod", "production", "dev-server", "development",
  "demo", "sandbox", "internal", "localhost", "svc", "broker", "proxy", "webhook", "webhooks", "ws", "wss",
];

export const reservedSlugs: ReadonlySet<string> = new Set([...appRoutes, ...systemWords]);
const reservedPatterns = [/^v\d+$/];

export function isReservedSlug(slug: string): boolean {
  return reservedSlugs.has(slug) || reservedPatterns.some((pattern) => pattern.test(slug));
}

export function reservedSlugMessage(slug: string): string {
  return `"${slug}" is reserved. Please choose a different workspace URL.`;
}
