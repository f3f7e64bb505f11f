import type * as OpenIdClient from 'openid-client';
import { tenantIssuer } from './microsoft-authority';

/** The app a company registered in its Entra tenant. */
export interface EntraApp {
  tenantId: string;
  clientId: string;
  clientSecret: string;
}

/**
 * openid-client is an ES module only: loaded when a sign-in runs, so that what merely lists the routes (the OpenAPI
 * generator, its unit test under jest's CommonJS) does not load it.
 */
export const openIdClient = (): Promise<typeof OpenIdClient> => import('openid-client');

/**
 * The tenant's OpenID Connect configuration, read from its discovery document (openid-client checks that the document's
 * issuer is the tenant's), with the id token's signature checked against the tenant's JWKS. Plain http is allowed only when MICROSOFT_AUTHORITY_URL points at a local provider.
 */
export async function entraConfiguration(app: EntraApp): Promise<OpenIdClient.Configuration> {
  const oidc = await openIdClient();
  const issuer = new URL(tenantIssuer(app.tenantId));
  return oidc.discovery(issuer, app.clientId, undefined, oidc.ClientSecretPost(app.clientSecret), {
    // openid-client trusts an id token from the token endpoint by TLS alone unless told to check its signature too.
    execute: [oidc.enableNonRepudiationChecks, ...(issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [])],
  });
}
