import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

// AWS Signature Version 4 as AWS services check it, for the local stand-ins of S3 (fake-s3.ts) and Polly (fake-polly.ts):
// presigned links (X-Amz-* query parameters, with their expiry) and signed requests (Authorization header), against
// the one key pair a fake knows. The payload hash of header-signed requests is taken as sent, not checked.

/** A refused request: the status and the error code the real service answers with, and its message. */
export class AwsRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface AwsKeys {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function amzDateToTime(amzDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : NaN;
}

interface Auth {
  credential: string;
  amzDate: string;
  signedHeaders: string[];
  signature: string;
  payloadHash: string;
  /** The query as signed: presigned links leave their own signature out. */
  query: [string, string][];
}

function readAuth(request: IncomingMessage, url: URL, body?: Buffer): Auth {
  const query = [...url.searchParams.entries()];
  if (url.searchParams.has('X-Amz-Signature')) {
    const p = url.searchParams;
    if (p.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
      throw new AwsRequestError(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm must be AWS4-HMAC-SHA256');
    for (const name of ['X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders']) {
      if (!p.get(name)) throw new AwsRequestError(400, 'AuthorizationQueryParametersError', `${name} is missing`);
    }
    const expiresAt = amzDateToTime(p.get('X-Amz-Date')!) + Number(p.get('X-Amz-Expires')) * 1000;
    if (!(expiresAt >= Date.now())) throw new AwsRequestError(403, 'AccessDenied', 'Request has expired');
    return {
      credential: p.get('X-Amz-Credential')!,
      amzDate: p.get('X-Amz-Date')!,
      signedHeaders: p.get('X-Amz-SignedHeaders')!.split(';'),
      signature: p.get('X-Amz-Signature')!,
      payloadHash: 'UNSIGNED-PAYLOAD',
      query: query.filter(([name]) => name !== 'X-Amz-Signature'),
    };
  }
  const header = request.headers.authorization ?? '';
  const m = /^AWS4-HMAC-SHA256 Credential=([^,]+),\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]+)$/.exec(header);
  if (!m) throw new AwsRequestError(403, 'AccessDenied', 'Access Denied');
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!(Math.abs(amzDateToTime(amzDate) - Date.now()) < 15 * 60 * 1000))
    throw new AwsRequestError(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  return {
    credential: m[1],
    amzDate,
    signedHeaders: m[2].split(';'),
    signature: m[3],
    // S3 signs the hash it is sent in this header; other services (Polly) sign the hash of the body itself.
    payloadHash: String(request.headers['x-amz-content-sha256'] ?? hex(body ?? '')),
    query,
  };
}

function verifySignature(request: IncomingMessage, url: URL, auth: Auth, keys: AwsKeys, service: string): void {
  const [accessKeyId, date, region, signedService, terminator] = auth.credential.split('/');
  if (accessKeyId !== keys.accessKeyId)
    throw new AwsRequestError(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
  if (
    region !== keys.region ||
    signedService !== service ||
    terminator !== 'aws4_request' ||
    !auth.amzDate.startsWith(date)
  ) {
    throw new AwsRequestError(400, 'AuthorizationHeaderMalformed', 'The credential scope is not valid');
  }
  const canonicalQuery = auth.query
    .map(([name, value]) => [encode(name), encode(value)])
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = auth.signedHeaders
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    request.method,
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    auth.signedHeaders.join(';'),
    auth.payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', auth.amzDate, scope, hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, date), region), service), 'aws4_request');
  const expected = Buffer.from(createHmac('sha256', signingKey).update(stringToSign).digest('hex'));
  const given = Buffer.from(auth.signature);
  if (!auth.signedHeaders.includes('host') || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AwsRequestError(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
}

/**
 * Refuses (AwsRequestError) a request whose SigV4 signature for `service` (s3, polly) is missing, stale or wrong; `body`
 * for a service that signs the body's hash without an x-amz-content-sha256 header.
 */
export function checkSigV4(request: IncomingMessage, url: URL, keys: AwsKeys, service: string, body?: Buffer): void {
  verifySignature(request, url, readAuth(request, url, body), keys, service);
}

/** The whole body of a request to a fake AWS service (which signs its hash). */
export function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
