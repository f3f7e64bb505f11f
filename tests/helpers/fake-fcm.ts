import { createPublicKey, generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

// A stand-in for Firebase Cloud Messaging at the HTTP boundary, reached through FCM_API_URL (firebase-admin keeps the
// Google host names in the Host header): Google's OAuth token endpoint (oauth2.googleapis.com POST /token, a JWT bearer
// assertion signed with the service account's key) and FCM's HTTP v1 API (fcm.googleapis.com
// POST /v1/projects/{project}/messages:send with the access token), answering `{ name }` or Google's error bodies.
// It makes its own service account (an RSA key from node:crypto) and writes it to a file for FCM_SERVICE_ACCOUNT.

/** FCM v1 error codes the fake can answer for a token, with the HTTP status and canonical status FCM uses. */
export const FCM_ERRORS = {
  UNREGISTERED: { httpStatus: 404, status: 'NOT_FOUND', message: 'Requested entity was not found.' },
  INVALID_ARGUMENT: {
    httpStatus: 400,
    status: 'INVALID_ARGUMENT',
    message: 'The registration token is not a valid FCM registration token',
  },
  SENDER_ID_MISMATCH: { httpStatus: 403, status: 'PERMISSION_DENIED', message: 'SenderId mismatch' },
  QUOTA_EXCEEDED: { httpStatus: 429, status: 'RESOURCE_EXHAUSTED', message: 'Quota exceeded for quota metric' },
  INTERNAL: { httpStatus: 500, status: 'INTERNAL', message: 'Internal error encountered.' },
  UNAVAILABLE: { httpStatus: 503, status: 'UNAVAILABLE', message: 'The service is currently unavailable.' },
} as const;
export type FcmErrorCode = keyof typeof FCM_ERRORS;

export interface FcmRequest {
  token: string;
  /** The `message` of the request body, as FCM received it. */
  message: Record<string, any>;
  status: number;
  /** projects/{project}/messages/{id} when accepted. */
  name?: string;
}

export interface FakeFcm {
  /** http://127.0.0.1:<port>, for FCM_API_URL. */
  url: string;
  projectId: string;
  /** The generated service-account key file, for FCM_SERVICE_ACCOUNT. */
  serviceAccountFile: string;
  /** Every messages:send request with an accepted access token, in arrival order. */
  requests: FcmRequest[];
  /** Access tokens issued by the OAuth endpoint. */
  tokensIssued: number;
  /** How many messages:send requests named this registration token (accepted or not). */
  requestCount(token: string): number;
  /** Accepted messages for this token. */
  accepted(token: string): FcmRequest[];
  /** Answer every message to `token` with this FCM error from now on. */
  fail(token: string, code: FcmErrorCode): void;
  /** Wait this long before answering each message request (crash and timing tests; FCM answers in ~100 ms). */
  delayMs: number;
  /** performance.now() when the last messages:send request arrived; 0 before any. */
  lastRequestAt: number;
  stop(): Promise<void>;
}

const TOKEN_AUDIENCE = 'https://oauth2.googleapis.com/token';
/** FCM's payload limit (4 KB); the fake counts the whole message, a little stricter than FCM. */
const MAX_MESSAGE_BYTES = 4096;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function reply(response: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', ...headers });
  response.end(JSON.stringify(body));
}

function googleError(
  response: ServerResponse,
  httpStatus: number,
  status: string,
  message: string,
  fcmErrorCode?: string,
): void {
  const details = fcmErrorCode
    ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: fcmErrorCode }]
    : [];
  reply(response, httpStatus, { error: { code: httpStatus, message, status, details } });
}

/** The claims of an RS256 JWT signed by `key`, else null. */
function verifiedJwtClaims(jwt: string, key: KeyObject): Record<string, any> | null {
  const [header, claims, signature] = jwt.split('.');
  if (!header || !claims || !signature) return null;
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'RS256') return null;
  const valid = verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), key, Buffer.from(signature, 'base64url'));
  return valid ? JSON.parse(Buffer.from(claims, 'base64url').toString()) : null;
}

export async function startFakeFcm(): Promise<FakeFcm> {
  const projectId = `tocsin-test-${randomBytes(3).toString('hex')}`;
  const clientEmail = `push@${projectId}.iam.gserviceaccount.com`;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serviceAccount = {
    type: 'service_account',
    project_id: projectId,
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    client_email: clientEmail,
    client_id: String(Date.now()),
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: TOKEN_AUDIENCE,
  };
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tocsin-fake-fcm-'));
  const serviceAccountFile = path.join(folder, 'service-account.json');
  fs.writeFileSync(serviceAccountFile, JSON.stringify(serviceAccount));
  const verifyKey = createPublicKey(publicKey.export({ type: 'spki', format: 'pem' }));

  const accessTokens = new Set<string>();
  const failures = new Map<string, FcmErrorCode>();
  const perToken = new Map<string, number>();
  const fake: FakeFcm = {
    url: '',
    projectId,
    serviceAccountFile,
    requests: [],
    tokensIssued: 0,
    delayMs: 0,
    lastRequestAt: 0,
    requestCount: (token) => perToken.get(token) ?? 0,
    accepted: (token) => fake.requests.filter((request) => request.token === token && request.name),
    fail: (token, code) => void failures.set(token, code),
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };

  const issueToken = (form: URLSearchParams, response: ServerResponse) => {
    const claims =
      form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer'
        ? verifiedJwtClaims(form.get('assertion') ?? '', verifyKey)
        : null;
    const now = Date.now() / 1000;
    if (
      !claims ||
      claims.iss !== clientEmail ||
      claims.aud !== TOKEN_AUDIENCE ||
      !(claims.exp > now) ||
      !String(claims.scope).includes('https://www.googleapis.com/auth/')
    ) {
      return reply(response, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    }
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    accessTokens.add(accessToken);
    fake.tokensIssued += 1;
    reply(response, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
  };

  const sendMessage = async (body: string, request: IncomingMessage, response: ServerResponse) => {
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!accessTokens.has(bearer)) {
      return googleError(
        response,
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token.',
      );
    }
    let message: Record<string, any> | undefined;
    try {
      message = JSON.parse(body).message;
    } catch {
      message = undefined;
    }
    const token = typeof message?.token === 'string' ? message.token : '';
    perToken.set(token, (perToken.get(token) ?? 0) + 1);
    fake.lastRequestAt = performance.now();
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (!message || !token) {
      fake.requests.push({ token, message: message ?? {}, status: 400 });
      return googleError(
        response,
        400,
        'INVALID_ARGUMENT',
        'Request contains an invalid argument.',
        'INVALID_ARGUMENT',
      );
    }
    if (Buffer.byteLength(JSON.stringify(message)) > MAX_MESSAGE_BYTES) {
      fake.requests.push({ token, message, status: 400 });
      return googleError(response, 400, 'INVALID_ARGUMENT', 'Message is too big', 'INVALID_ARGUMENT');
    }
    const failure = failures.get(token);
    if (failure) {
      const { httpStatus, status, message: text } = FCM_ERRORS[failure];
      fake.requests.push({ token, message, status: httpStatus });
      return googleError(response, httpStatus, status, text, failure);
    }
    const name = `projects/${projectId}/messages/0:${Date.now()}%${randomBytes(8).toString('hex')}`;
    fake.requests.push({ token, message, status: 200, name });
    reply(response, 200, { name });
  };

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const host = request.headers.host ?? '';
    if (request.method === 'POST' && host === 'oauth2.googleapis.com' && request.url === '/token') {
      return issueToken(new URLSearchParams(body), response);
    }
    if (
      request.method === 'POST' &&
      host === 'fcm.googleapis.com' &&
      request.url === `/v1/projects/${projectId}/messages:send`
    ) {
      return sendMessage(body, request, response);
    }
    googleError(response, 404, 'NOT_FOUND', `No route for ${request.method} ${host}${request.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
