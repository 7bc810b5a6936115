/**
 * The `svc` CLI as a client of the authorization server (issue 15, docs/decisions/051): a
 * public client of the device grant only, declared here rather than registered, so it exists
 * on every instance from the start and nobody can register a look-alike under its id.
 * `svc login --device` asks for a code with it, and trades the access token its approval
 * gives for an `svc_sk_` key (`POST /api/dev/device-key`, the dev area).
 */
export const CLI_CLIENT_ID = "svc-cli";

export const CLI_CLIENT = {
  client_id: CLI_CLIENT_ID,
  client_name: "svc command-line client",
  token_endpoint_auth_method: "none",
  grant_types: ["urn:ietf:params:oauth:grant-type:device_code"],
  response_types: [],
  redirect_uris: [],
} as const;
