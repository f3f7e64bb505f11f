import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

// A stand-in for a browser push service (RFC 8030) and the browsers subscribed to it, over HTTPS with a self-signed
// certificate this process trusts while the fake runs (web-push sends with the default https agent). `subscribe()` makes
// a browser's subscription (its P-256 key pair and auth secret, like PushManager.subscribe); a push to its endpoint must
// be VAPID-signed (RFC 8292) with the expected key and aes128gcm-encrypted (RFC 8188/8291): the fake decrypts it with the
// browser's keys and keeps what the browser would get. Answers 201 with the message's Location, 410 for a subscription
// that is gone, 404 for an unknown one, 413 for a body over 4096 bytes (the size push services accept).

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload, parsed as JSON. */
  payload: any;
  headers: { ttl?: string; urgency?: string; topic?: string; contentEncoding?: string };
  /** The VAPID JWT's claims (aud, exp, sub). */
  vapid: { aud: string; exp: number; sub: string };
}

export interface FakeWebPush {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** The fake's self-signed certificate (PEM): another process sending to it trusts it with NODE_EXTRA_CA_CERTS. */
  certificate: string;
  /** Pushes delivered (decrypted), in order. */
  received: ReceivedPush[];
  /** How many push requests reached this subscription's endpoint (delivered or not). */
  requestCount(subscriptionId: string): number;
  subscribe(): { id: string; subscription: BrowserSubscription };
  /** The browser unsubscribed: pushes to it get 410 Gone. */
  expire(subscriptionId: string): void;
  /** Answer the next pushes to this subscription with `status` (e.g. 429, 503). */
  failNext(subscriptionId: string, status: number, count?: number): void;
  stop(): Promise<void>;
}

interface Browser {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  gone: boolean;
  failures: { status: number; count: number } | null;
}

function selfSignedCertificate(): { key: string; cert: string } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tocsin-fake-push-'));
  const [keyFile, certFile] = [path.join(folder, 'key.pem'), path.join(folder, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const pair = { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8') };
  fs.rmSync(folder, { recursive: true, force: true });
  return pair;
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<the application server's public key>`; the claims if the JWT is signed by k. */
function verifiedVapid(authorization: string | undefined, expectedKey: string): ReceivedPush['vapid'] | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match || match[2] !== expectedKey) return null;
  const [header, claims, signature] = match[1].split('.');
  const raw = Buffer.from(match[2], 'base64url');
  if (!header || !claims || !signature || raw.length !== 65) return null;
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  return valid ? JSON.parse(Buffer.from(claims, 'base64url').toString()) : null;
}

/** RFC 8291 / 8188: one aes128gcm record, decrypted with the browser's private key and auth secret. */
function decrypt(body: Buffer, browser: Browser): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20];
  const senderKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const secret = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, browser.auth, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('missing the last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function answer(response: ServerResponse, status: number, text = '', headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'text/plain', ...headers });
  response.end(text);
}

/** `vapidPublicKey`: the application server key the browsers subscribed with (WEB_PUSH_VAPID_PUBLIC_KEY). */
export async function startFakeWebPush(vapidPublicKey: string): Promise<FakeWebPush> {
  const { key, cert } = selfSignedCertificate();
  const browsers = new Map<string, Browser>();
  const counts = new Map<string, number>();
  let messages = 0;

  const fake: FakeWebPush = {
    origin: '',
    certificate: cert,
    received: [],
    requestCount: (id) => counts.get(id) ?? 0,
    subscribe: () => {
      const id = randomBytes(12).toString('hex');
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(id, { ecdh, publicKey, auth, gone: false, failures: null });
      return {
        id,
        subscription: {
          endpoint: `${fake.origin}/push/${id}`,
          keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    expire: (id) => {
      const browser = browsers.get(id);
      if (browser) browser.gone = true;
    },
    failNext: (id, status, count = 1) => {
      const browser = browsers.get(id);
      if (browser) browser.failures = { status, count };
    },
    stop: async () => {
      https.globalAgent.options.ca = previousCa;
      https.globalAgent.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };

  const server = https.createServer({ key, cert }, async (request, response) => {
    const body = await readBody(request);
    // For a test in another process (the e2e browser tests): a new browser subscription, and what reached one.
    if (request.url === '/control/subscriptions' && request.method === 'POST')
      return answer(response, 200, JSON.stringify(fake.subscribe()), { 'Content-Type': 'application/json' });
    const asked = /^\/control\/received\/([0-9a-f]+)$/.exec(request.url ?? '')?.[1];
    if (asked && request.method === 'GET') {
      const pushes = fake.received.filter((push) => push.subscriptionId === asked);
      return answer(response, 200, JSON.stringify(pushes), { 'Content-Type': 'application/json' });
    }
    const id = /^\/push\/([0-9a-f]+)$/.exec(request.url ?? '')?.[1] ?? '';
    const browser = browsers.get(id);
    counts.set(id, (counts.get(id) ?? 0) + 1);
    if (request.method !== 'POST' || !browser) return answer(response, 404, 'Subscription not found');
    if (browser.gone) return answer(response, 410, 'push subscription has unsubscribed or expired.');
    if (browser.failures && browser.failures.count > 0) {
      browser.failures.count -= 1;
      return answer(response, browser.failures.status, 'Try again later');
    }
    const vapid = verifiedVapid(request.headers.authorization, vapidPublicKey);
    const now = Date.now() / 1000;
    if (
      !vapid ||
      vapid.aud !== fake.origin ||
      !(vapid.exp > now && vapid.exp <= now + 24 * 3600) ||
      !/^(mailto:|https:)/.test(vapid.sub)
    ) {
      return answer(response, 403, 'Invalid VAPID credentials');
    }
    if (request.headers['content-encoding'] !== 'aes128gcm' || request.headers.ttl === undefined)
      return answer(response, 400, 'Bad headers');
    if (body.length > 4096) return answer(response, 413, 'Payload Too Large');
    let payload: unknown;
    try {
      payload = JSON.parse(decrypt(body, browser));
    } catch {
      return answer(response, 400, 'Could not decrypt the payload');
    }
    const header = (name: string) => request.headers[name] as string | undefined;
    fake.received.push({
      subscriptionId: id,
      payload,
      headers: {
        ttl: header('ttl'),
        urgency: header('urgency'),
        topic: header('topic'),
        contentEncoding: header('content-encoding'),
      },
      vapid,
    });
    messages += 1;
    answer(response, 201, '', { Location: `${fake.origin}/message/${messages}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Trust the fake's certificate in this process while it runs (the default agent is what web-push uses).
  const previousCa = https.globalAgent.options.ca;
  https.globalAgent.options.ca = cert;
  return fake;
}
