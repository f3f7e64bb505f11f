import { publicUrl } from '@/lib/http-parts/public-url';

/** Where the SCIM 2.0 server answers (RFC 7644 base URL). */
export const SCIM_BASE_PATH = '/scim/v2';

/**
 * The "Tenant URL" an admin pastes into Entra ID's provisioning settings: this installation's public address (the one
 * e-mailed links use, never the request's Host header) and the SCIM base path.
 */
export function scimTenantUrl(): string {
  return publicUrl(SCIM_BASE_PATH);
}
