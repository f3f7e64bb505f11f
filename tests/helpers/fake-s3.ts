import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A small S3 stand-in for path-style object requests (PutObject, GetObject, HeadObject, DeleteObject), the shape of the
// real API at the HTTP boundary. It checks AWS Signature Version 4 the way S3 does, both presigned links (X-Amz-*
// query parameters, with their expiry) and signed requests (Authorization header), against the one key pair it knows,
// so a link whose signed headers (Content-Type, Host) differ from the request is refused. It does not check the
// payload hash of header-signed requests, nor anything beyond those four operations.

export interface StoredObject {
  body: Buffer;
  contentType: string | null;
  lastModified: Date;
}

export interface FakeS3 {
  /** http://127.0.0.1:<port> (the endpoint, path style). */
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  objects: Map<string, StoredObject>;
  /** Every request as `METHOD /path -> status`. */
  log: string[];
  stop(): Promise<void>;
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

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
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

function readAuth(request: IncomingMessage, url: URL): Auth {
  const query = [...url.searchParams.entries()];
  if (url.searchParams.has('X-Amz-Signature')) {
    const p = url.searchParams;
    if (p.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
      throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm must be AWS4-HMAC-SHA256');
    for (const name of ['X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders']) {
      if (!p.get(name)) throw new S3Error(400, 'AuthorizationQueryParametersError', `${name} is missing`);
    }
    const expiresAt = amzDateToTime(p.get('X-Amz-Date')!) + Number(p.get('X-Amz-Expires')) * 1000;
    if (!(expiresAt >= Date.now())) throw new S3Error(403, 'AccessDenied', 'Request has expired');
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
  if (!m) throw new S3Error(403, 'AccessDenied', 'Access Denied');
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!(Math.abs(amzDateToTime(amzDate) - Date.now()) < 15 * 60 * 1000))
    throw new S3Error(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  return {
    credential: m[1],
    amzDate,
    signedHeaders: m[2].split(';'),
    signature: m[3],
    payloadHash: String(request.headers['x-amz-content-sha256'] ?? ''),
    query,
  };
}

function verifySignature(
  request: IncomingMessage,
  url: URL,
  auth: Auth,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): void {
  const [accessKeyId, date, region, service, terminator] = auth.credential.split('/');
  if (accessKeyId !== keys.accessKeyId)
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (region !== keys.region || service !== 's3' || terminator !== 'aws4_request' || !auth.amzDate.startsWith(date)) {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The credential scope is not valid');
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
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', auth.amzDate, scope, hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, date), region), 's3'), 'aws4_request');
  const expected = Buffer.from(createHmac('sha256', signingKey).update(stringToSign).digest('hex'));
  const given = Buffer.from(auth.signature);
  if (!auth.signedHeaders.includes('host') || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function sendError(request: IncomingMessage, response: ServerResponse, error: S3Error): void {
  response.writeHead(error.status, { 'Content-Type': 'application/xml' });
  // HEAD answers carry no body, as S3's do not.
  response.end(
    request.method === 'HEAD'
      ? undefined
      : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${error.code}</Code><Message>${error.message}</Message></Error>`,
  );
}

export async function startFakeS3(options: {
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  region?: string;
}): Promise<FakeS3> {
  const keys = {
    accessKeyId: options.accessKeyId ?? 'fake-access-key',
    secretAccessKey: options.secretAccessKey ?? 'fake-secret-key-0123456789',
    region: options.region ?? 'us-east-1',
  };
  const objects = new Map<string, StoredObject>();
  const log: string[] = [];

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake-s3');
    const [, bucket, ...keyParts] = url.pathname.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    if (bucket !== options.bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (!key) throw new S3Error(400, 'InvalidRequest', 'Only object requests are supported');
    verifySignature(request, url, readAuth(request, url), keys);

    const copySource = request.headers['x-amz-copy-source'];
    if (request.method === 'PUT' && typeof copySource === 'string') {
      const [sourceBucket, ...sourceKey] = decodeURIComponent(copySource.replace(/^\//, '')).split('/');
      const source = sourceBucket === options.bucket ? objects.get(sourceKey.join('/')) : undefined;
      if (!source) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
      const lastModified = new Date();
      objects.set(key, { ...source, lastModified });
      const etag = `"${createHash('md5').update(source.body).digest('hex')}"`;
      response.writeHead(200, { 'Content-Type': 'application/xml' });
      return void response.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<CopyObjectResult><LastModified>${lastModified.toISOString()}</LastModified><ETag>${etag}</ETag></CopyObjectResult>`,
      );
    }
    if (request.method === 'PUT') {
      const body = await readBody(request);
      objects.set(key, { body, contentType: request.headers['content-type'] ?? null, lastModified: new Date() });
      response.writeHead(200, { ETag: `"${createHash('md5').update(body).digest('hex')}"` });
      return void response.end();
    }
    if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204);
      return void response.end();
    }
    if (request.method === 'GET' || request.method === 'HEAD') {
      const object = objects.get(key);
      if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
      const headers: Record<string, string> = {
        'Content-Length': String(object.body.length),
        'Content-Type': url.searchParams.get('response-content-type') ?? object.contentType ?? 'binary/octet-stream',
        ETag: `"${createHash('md5').update(object.body).digest('hex')}"`,
        'Last-Modified': object.lastModified.toUTCString(),
      };
      const disposition = url.searchParams.get('response-content-disposition');
      if (disposition) headers['Content-Disposition'] = disposition;
      response.writeHead(200, headers);
      return void response.end(request.method === 'HEAD' ? undefined : object.body);
    }
    throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  const server = createServer((request, response) => {
    handle(request, response)
      .catch((error: unknown) => {
        // Drain the body so the client reads the answer instead of a reset connection.
        request.resume();
        sendError(
          request,
          response,
          error instanceof S3Error ? error : new S3Error(500, 'InternalError', String(error)),
        );
      })
      .finally(() => log.push(`${request.method} ${request.url?.split('?')[0]} -> ${response.statusCode}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ...keys,
    objects,
    log,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
