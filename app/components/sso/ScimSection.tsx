/**
 * PLACEHOLDER: the ssoui branch replaces this file with the "SCIM provisioning" section of
 * /settings/sso (its own resource routes). It renders nothing here so the page compiles.
 */
export function ScimSection() {
  return null;
}
