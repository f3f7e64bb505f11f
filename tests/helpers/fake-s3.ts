import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsRequestError as S3Error, checkSigV4, readBody } from './aws-sigv4';

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
    checkSigV4(request, url, keys, 's3');

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
