import { env } from '@/lib/env';
import { publicUrl } from '@/lib/http-parts/public-url';

export const DEFAULT_MICROSOFT_AUTHORITY = 'https://login.microsoftonline.com';
/** The sign-in page Microsoft sends people back to (the redirect URI registered in Entra). */
export const MICROSOFT_CALLBACK_PATH = '/login/microsoft';

/** Where Entra ID is reached: Microsoft's global cloud unless MICROSOFT_AUTHORITY_URL names another. */
export function microsoftAuthority(): string {
  return (env.MICROSOFT_AUTHORITY_URL ?? DEFAULT_MICROSOFT_AUTHORITY).replace(/\/+$/, '');
}

/** The issuer of a tenant's v2.0 tokens, which is also where its discovery document is found. */
export function tenantIssuer(tenantId: string): string {
  return `${microsoftAuthority()}/${tenantId}/v2.0`;
}

export function discoveryUrl(tenantId: string): string {
  return `${tenantIssuer(tenantId)}/.well-known/openid-configuration`;
}

/** The redirect URI to register in the Entra app: the installation's public address and the sign-in page. */
export function microsoftRedirectUri(): string {
  return publicUrl(MICROSOFT_CALLBACK_PATH);
}
