import { createHash, generateKeyPairSync, randomBytes, randomUUID, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local OpenID Connect provider in the shape of Microsoft Entra ID's v2.0 endpoints (login.microsoftonline.com):
// per tenant a discovery document with Entra's fields, its JWKS, an authorize page where a person picks the account to
// sign in with (a small HTML form, as the e2e clicks it) and a token endpoint that checks the code, the PKCE verifier,
// the redirect URI and the client secret before answering an RS256 id token with Entra's claims. The product reaches it
// through MICROSOFT_AUTHORITY_URL; nothing in the product knows it is not Microsoft.

/** An app registration in a tenant: what an admin copies from Entra into the product. */
export interface EntraAppRegistration {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** The redirect URI registered for the app. */
  redirectUri: string;
}

/** The app of the e2e server (tests/e2e/serve.ts registers it with the server's redirect URI). */
export const E2E_ENTRA_APP = {
  tenantId: '4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  clientId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  clientSecret: 'e2e~client~secret~Q8v.Fake',
} as const;

/** How the next id tokens go wrong, for tests of the product's checks. */
export interface TokenTampering {
  /** A `tid` other than the tenant of the endpoint (the issuer stays the tenant's). */
  tenantId?: string;
  /** A nonce other than the one the authorize request carried. */
  nonce?: string;
  /** Signed with a key that is not in the JWKS. */
  foreignKey?: boolean;
  /** The optional claim xms_edov (the e-mail's domain owner is verified); true unless set. */
  emailDomainVerified?: boolean;
}

interface IssuedCode {
  app: EntraAppRegistration;
  codeChallenge: string;
  nonce: string | undefined;
  email: string;
  name: string;
  expiresAt: number;
}

export interface FakeEntra {
  /** The authority base (scheme, host, port), the value of MICROSOFT_AUTHORITY_URL. */
  url: string;
  register(app: EntraAppRegistration): void;
  tamper: TokenTampering;
  /** Token requests refused, with Entra's error codes, for assertions. */
  refusals: string[];
  stop(): Promise<void>;
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

function signJwt(claims: Record<string, unknown>, key: KeyObject, kid: string): string {
  const header = base64url(JSON.stringify({ typ: 'JWT', alg: 'RS256', kid }));
  const payload = base64url(JSON.stringify(claims));
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), key);
  return `${header}.${payload}.${base64url(signature)}`;
}

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    request.on('error', reject);
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function discoveryDocument(base: string, tenantId: string) {
  const tenant = `${base}/${tenantId}`;
  return {
    token_endpoint: `${tenant}/oauth2/v2.0/token`,
    token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
    jwks_uri: `${tenant}/discovery/v2.0/keys`,
    response_modes_supported: ['query', 'fragment', 'form_post'],
    subject_types_supported: ['pairwise'],
    id_token_signing_alg_values_supported: ['RS256'],
    response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
    scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
    issuer: `${tenant}/v2.0`,
    request_uri_parameter_supported: false,
    userinfo_endpoint: 'https://graph.microsoft.com/oidc/userinfo',
    authorization_endpoint: `${tenant}/oauth2/v2.0/authorize`,
    device_authorization_endpoint: `${tenant}/oauth2/v2.0/devicecode`,
    http_logout_supported: true,
    frontchannel_logout_supported: true,
    end_session_endpoint: `${tenant}/oauth2/v2.0/logout`,
    claims_supported: [
      'sub',
      'iss',
      'cloud_instance_name',
      'cloud_instance_host_name',
      'cloud_graph_host_name',
      'msgraph_host',
      'aud',
      'exp',
      'iat',
      'auth_time',
      'acr',
      'nonce',
      'preferred_username',
      'name',
      'tid',
      'ver',
      'at_hash',
      'c_hash',
      'email',
    ],
    kerberos_endpoint: `${tenant}/kerberos`,
    tenant_region_scope: 'EU',
    cloud_instance_name: 'microsoftonline.com',
    cloud_graph_host_name: 'graph.windows.net',
    msgraph_host: 'graph.microsoft.com',
    rbac_url: 'https://pas.windows.net',
  };
}

/** Entra's error answer of the token endpoint (AADSTS codes). */
function tokenError(response: ServerResponse, status: number, error: string, aadsts: number, description: string) {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(
    JSON.stringify({
      error,
      error_description: `AADSTS${aadsts}: ${description} Trace ID: ${randomUUID()} Correlation ID: ${randomUUID()}`,
      error_codes: [aadsts],
      timestamp: new Date().toISOString().replace('T', ' ').slice(0, 19) + 'Z',
      trace_id: randomUUID(),
      correlation_id: randomUUID(),
    }),
  );
}

function authorizePage(query: URLSearchParams, loginHint: string): string {
  const hidden = [...query.entries()]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to your account</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 26rem; margin: 3rem auto; padding: 0 1rem">
<h1>Sign in</h1>
<form method="post">${hidden}
<p><label>E-mail <input name="login_email" type="email" value="${escapeHtml(loginHint)}"></label></p>
<p><label>Name <input name="login_name" value="Entra Person"></label></p>
<p><button type="submit" name="decision" value="accept">Sign in</button>
<button type="submit" name="decision" value="cancel">Cancel</button></p>
</form></body></html>`;
}

export async function startFakeEntra(): Promise<FakeEntra> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const kid = base64url(randomBytes(12));
  const apps = new Map<string, EntraAppRegistration>();
  const codes = new Map<string, IssuedCode>();
  const refusals: string[] = [];
  const fake = { tamper: {} as TokenTampering };
  let base = '';

  const appOf = (tenantId: string, clientId: string | null) => {
    const app = clientId ? apps.get(clientId) : undefined;
    return app && app.tenantId === tenantId ? app : undefined;
  };

  function authorize(tenantId: string, query: URLSearchParams, form: URLSearchParams | null, response: ServerResponse) {
    const app = appOf(tenantId, query.get('client_id'));
    if (!app) {
      response
        .writeHead(400, { 'Content-Type': 'text/plain' })
        .end('AADSTS700016: Application not found in the directory');
      return;
    }
    if (query.get('redirect_uri') !== app.redirectUri) {
      response.writeHead(400, { 'Content-Type': 'text/plain' }).end('AADSTS50011: The redirect URI does not match');
      return;
    }
    const challenge = query.get('code_challenge');
    if (query.get('response_type') !== 'code' || query.get('code_challenge_method') !== 'S256' || !challenge) {
      response.writeHead(400, { 'Content-Type': 'text/plain' }).end('AADSTS900144: code flow with S256 PKCE expected');
      return;
    }
    if (!form) {
      response
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        .end(authorizePage(query, query.get('login_hint') ?? ''));
      return;
    }
    const back = new URL(app.redirectUri);
    const state = query.get('state');
    if (form.get('decision') === 'cancel') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'AADSTS65004: User declined to consent to access the app.');
    } else {
      const code = base64url(randomBytes(32));
      codes.set(code, {
        app,
        codeChallenge: challenge,
        nonce: query.get('nonce') ?? undefined,
        email: (form.get('login_email') ?? '').trim(),
        name: form.get('login_name') ?? '',
        expiresAt: Date.now() + 5 * 60_000,
      });
      back.searchParams.set('code', code);
      back.searchParams.set('session_state', randomUUID());
    }
    if (state) back.searchParams.set('state', state);
    response.writeHead(302, { Location: back.toString() }).end();
  }

  function token(tenantId: string, form: URLSearchParams, request: IncomingMessage, response: ServerResponse) {
    const refuse = (status: number, error: string, aadsts: number, description: string) => {
      refusals.push(`AADSTS${aadsts}`);
      tokenError(response, status, error, aadsts, description);
    };
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
    const [basicId, basicSecret] = basic
      ? Buffer.from(basic[1], 'base64').toString('utf8').split(':').map(decodeURIComponent)
      : [null, null];
    const clientId = form.get('client_id') ?? basicId;
    const app = appOf(tenantId, clientId);
    if (!app) return refuse(400, 'unauthorized_client', 700016, 'Application not found in the directory.');
    if ((form.get('client_secret') ?? basicSecret) !== app.clientSecret)
      return refuse(401, 'invalid_client', 7000215, 'Invalid client secret provided.');
    if (form.get('grant_type') !== 'authorization_code')
      return refuse(400, 'unsupported_grant_type', 70003, 'The app requested an unsupported grant type.');
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    codes.delete(code);
    if (!issued || issued.app !== app || issued.expiresAt < Date.now())
      return refuse(400, 'invalid_grant', 70008, 'The provided authorization code or refresh token has expired.');
    if (form.get('redirect_uri') !== app.redirectUri)
      return refuse(400, 'invalid_grant', 50011, 'The redirect URI does not match the one of the authorization code.');
    const verifier = form.get('code_verifier') ?? '';
    if (base64url(createHash('sha256').update(verifier).digest()) !== issued.codeChallenge)
      return refuse(400, 'invalid_grant', 501481, 'The Code_Verifier does not match the code_challenge.');
    const now = Math.floor(Date.now() / 1000);
    const tampering = fake.tamper;
    const idToken = signJwt(
      {
        aud: app.clientId,
        iss: `${base}/${tenantId}/v2.0`,
        iat: now,
        nbf: now,
        exp: now + 3600,
        email: issued.email,
        name: issued.name,
        nonce: tampering.nonce ?? issued.nonce,
        oid: createHash('sha256')
          .update(`${tenantId}:${issued.email}`)
          .digest('hex')
          .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/, '$1-$2-$3-$4-$5'),
        preferred_username: issued.email,
        rh: '0.AAAA.fake.',
        sid: randomUUID(),
        sub: base64url(createHash('sha256').update(`${app.clientId}:${issued.email}`).digest()).slice(0, 43),
        tid: tampering.tenantId ?? tenantId,
        uti: base64url(randomBytes(16)),
        ver: '2.0',
        xms_edov: tampering.emailDomainVerified ?? true,
      },
      tampering.foreignKey ? foreign : privateKey,
      kid,
    );
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(
      JSON.stringify({
        token_type: 'Bearer',
        scope: 'openid profile email',
        expires_in: 3600,
        ext_expires_in: 3600,
        access_token: base64url(randomBytes(48)),
        id_token: idToken,
      }),
    );
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const match =
        /^\/([0-9a-f-]{36})\/(v2\.0\/\.well-known\/openid-configuration|discovery\/v2\.0\/keys|oauth2\/v2\.0\/authorize|oauth2\/v2\.0\/token)$/.exec(
          url.pathname,
        );
      const json = (body: unknown) =>
        response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
      if (!match) {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
        return;
      }
      const [, tenantId, endpoint] = match;
      const form = request.method === 'POST' ? await readForm(request) : null;
      switch (endpoint) {
        case 'v2.0/.well-known/openid-configuration':
          return json(discoveryDocument(base, tenantId));
        case 'discovery/v2.0/keys': {
          const jwk = publicKey.export({ format: 'jwk' });
          return json({
            keys: [{ kty: 'RSA', use: 'sig', kid, x5t: kid, n: jwk.n, e: jwk.e, issuer: `${base}/${tenantId}/v2.0` }],
          });
        }
        case 'oauth2/v2.0/authorize':
          // The form posts back to the same address, the authorize request's parameters in its hidden fields.
          return authorize(tenantId, form ?? url.searchParams, form, response);
        default:
          if (!form)
            return tokenError(response, 405, 'invalid_request', 900561, 'The endpoint only accepts POST requests.');
          return token(tenantId, form, request, response);
      }
    })().catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    register: (app) => void apps.set(app.clientId, app),
    get tamper() {
      return fake.tamper;
    },
    set tamper(value: TokenTampering) {
      fake.tamper = value;
    },
    refusals,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
