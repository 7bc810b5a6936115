/**
 * GoTrue's admin OAuth client API (`/auth/v1/admin/oauth/clients`) refusals, in GoTrue's body;
 * the OAuth server's list (../error-codes.ts) carries them into the catalog.
 */
import { errorEntry } from "../../platform/error-codes";

export const OAUTH_CLIENTS = {
  OAUTH_CLIENT_NOT_FOUND: errorEntry("oauth_client_not_found", 404, "identity", "The admin OAuth client API (`/auth/v1/admin/oauth/clients`): no registered client with this id."),
} as const;
