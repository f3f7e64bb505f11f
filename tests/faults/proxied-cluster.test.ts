import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { THROTTLES } from '@/lib/throttle/take-allowance';
import { freePort } from '@/scripts/lib/ports';
import { PASSWORD } from '../helpers/accounts';
import { waitFor } from '../helpers/alert-delivery';
import { call } from '../helpers/api-client';
import { startCaddyProxy, type CaddyProxy } from '../helpers/caddy-proxy';
import { listenToCompany, type CompanyEventListener } from '../helpers/company-events';
import { startFakeProviders, type FakeProviders } from '../helpers/fake-providers';
import { startFakeS3, type FakeS3 } from '../helpers/fake-s3';
import { startLoadCluster, type LoadCluster } from '../helpers/load-cluster';
import { createLoadCompany, type LoadCompany } from '../helpers/load-company';
import { uniquePhone } from '../helpers/phone';
import { printFigures } from '../helpers/figures';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// Issue 35: docker-compose's topology on this machine. Two web processes and two workers on one Postgres and Redis,
// behind Debian's Caddy running the compose file's own Caddyfile (deploy/caddy/Caddyfile, its Docker upstreams swapped
// for the two local ports), with TRUSTED_PROXY_HOPS=1 as compose sets it. An alert sent through one web process reaches
// consoles on the other, over a WebSocket and over long polling (which needs the Caddyfile's sticky sessions), once;
// every phone gets one push and one SMS; the web processes throttle by the real client's address, not Caddy's; files
// go up and down through Caddy's bucket path to the S3 store (MinIO in compose), on PUBLIC_URL's address.

const MEMBERS = 6;
const METRICS_TOKEN = randomBytes(16).toString('hex');
const BUCKET = 'tocsin';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let providers: FakeProviders;
let s3: FakeS3;
let database: TestDatabase;
let company: LoadCompany;
let cluster: LoadCluster;
let caddy: CaddyProxy;
const listeners: CompanyEventListener[] = [];
const figures = { tried: 0, held: 0, failed: 0, smsSent: 0, pushSent: 0, eventsHeard: 0 };
/** One promise checked: a person's SMS or push once, a console hearing the alert once. */
const tally = (held: boolean) => {
  figures.tried += 1;
  figures[held ? 'held' : 'failed'] += 1;
};

beforeAll(async () => {
  providers = await startFakeProviders();
  database = await createTestDatabase();
  company = await createLoadCompany(database.db, 'Harbour Watch', MEMBERS);
  s3 = await startFakeS3({ bucket: BUCKET });
  const caddyPort = await freePort();
  const publicUrl = `http://127.0.0.1:${caddyPort}`;
  // As compose sets them: the app talks to MinIO directly and signs browsers' links for PUBLIC_URL.
  const storageEnv = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.url,
    S3_PUBLIC_ENDPOINT: publicUrl,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_REGION: s3.region,
    S3_FORCE_PATH_STYLE: 'true',
  };
  cluster = await startLoadCluster(
    database.url,
    { ...providers.env, ...storageEnv },
    { webs: 2, workers: 2 },
    { publicUrl, webEnv: { TRUSTED_PROXY_HOPS: '1', METRICS_TOKEN } },
  );
  caddy = await startCaddyProxy(
    caddyPort,
    cluster.webs.map((web) => web.url),
    { url: s3.url, bucket: BUCKET },
  );
}, 180_000);

afterAll(async () => {
  printFigures('R9', 'compose topology behind Caddy', figures);
  for (const listener of listeners) listener.close();
  await caddy?.stop();
  await cluster?.stop();
  await providers?.stop();
  await s3?.stop();
  await database?.drop();
});

/** The sum of a metric's samples on one web process whose labels include every given `name="value"`. */
async function metricOf(webUrl: string, name: string, labels: readonly string[] = []): Promise<number> {
  const text = await (
    await fetch(`${webUrl}/api/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => labels.every((label) => line.includes(label)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

describe('two web processes and two workers behind Caddy, as docker-compose scales them', () => {
  it('sends an alert through one web process and the consoles on the other hear it once; every phone gets it once', async () => {
    const [webA, webB] = cluster.webs;
    const onA = { headers: { Cookie: caddy.stickyCookieFor(webA.url) } };

    const login = await call<{ token: string }>(caddy.url, 'POST', '/api/login', {
      ...onA,
      body: { email: company.admin.email, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    const admin = { token: login.body.token, customerId: company.id };

    // The console's WebSocket through Caddy, its cookie naming web B; then one on long polling with no cookie of its own:
    // Caddy picks a web process for its first request and keeps the rest of its requests there.
    const connections = (web: { url: string }) => metricOf(web.url, 'tocsin_realtime_connections');
    const consoleOnB = await listenToCompany(caddy.url, admin.token, company.id, {
      cookie: caddy.stickyCookieFor(webB.url),
    });
    listeners.push(consoleOnB);
    expect([await connections(webA), await connections(webB)]).toEqual([0, 1]);
    const pollingConsole = await listenToCompany(caddy.url, admin.token, company.id, { polling: true });
    listeners.push(pollingConsole);
    expect((await connections(webA)) + (await connections(webB))).toBe(2);

    const sent = await call<{ alertId: string }>(caddy.url, 'POST', '/api/alerts/alert', {
      ...onA,
      ...admin,
      body: {
        severity: 'urgentAlert',
        title: 'Fire in the east wing',
        message: 'Leave by the west stairs',
        channels: ['push', 'sms'],
        target: { company: true },
      },
    });
    expect(sent.status).toBe(201);
    const { alertId } = sent.body;
    const sends = [
      'tocsin_http_request_duration_seconds_count',
      ['route="/api/alerts/alert"', 'method="POST"'],
    ] as const;
    expect(await metricOf(webA.url, ...sends)).toBe(1);
    expect(await metricOf(webB.url, ...sends)).toBe(0);

    const event = `newAlertCustomerId:${company.id}`;
    const heard = (listener: CompanyEventListener) =>
      listener.received.filter(
        (one) => one.event === event && (one.payload as { alertId?: string }).alertId === alertId,
      ).length;
    await waitFor(
      'both consoles to hear of the alert',
      async () => heard(consoleOnB) > 0 && heard(pollingConsole) > 0,
      10_000,
    );

    await waitFor(
      'every receipt to be sent',
      async () =>
        (await database.db.receipt.count({ where: { alertId, state: { in: ['pending', 'processing'] } } })) === 0,
      60_000,
    );
    const people = await database.db.user.findMany({
      where: { id: { in: company.everyone.map((person) => person.userId) } },
      select: { id: true, phone: true },
    });
    const smsTo = providers.twilio.messages
      .filter((message) => message.statusCallback?.includes(alertId))
      .map((message) => message.to)
      .sort();
    const pushedTo = providers.fcm.requests
      .filter((request) => request.status === 200 && request.message.data?.alertId === alertId)
      .map((request) => request.token)
      .sort();

    const once = (sentTo: string[], to: string) => sentTo.filter((one) => one === to).length === 1;
    for (const person of people) {
      tally(once(smsTo, person.phone!));
      tally(once(pushedTo, `token-${person.id}`));
    }
    for (const listener of [consoleOnB, pollingConsole]) tally(heard(listener) === 1);
    Object.assign(figures, {
      smsSent: smsTo.length,
      pushSent: pushedTo.length,
      eventsHeard: heard(consoleOnB) + heard(pollingConsole),
    });

    expect(smsTo).toEqual(people.map((person) => person.phone).sort());
    expect(pushedTo).toEqual(people.map((person) => `token-${person.id}`).sort());
    expect([heard(consoleOnB), heard(pollingConsole)]).toEqual([1, 1]);
    expect([consoleOnB.disconnected, pollingConsole.disconnected]).toEqual([false, false]);
  });

  it("uploads and shows a file through Caddy's bucket path, signed for PUBLIC_URL", async () => {
    const login = await call<{ token: string }>(caddy.url, 'POST', '/api/login', {
      body: { email: company.admin.email, password: PASSWORD },
    });
    const token = login.body.token;
    const link = await call<{ url: string; headers: Record<string, string>; key: string }>(
      caddy.url,
      'GET',
      '/api/me/profilePhotoUploadLink?contentType=image/png',
      { token },
    );
    expect(new URL(link.body.url).origin).toBe(caddy.url);
    const upload = await fetch(link.body.url, { method: 'PUT', headers: link.body.headers, body: PNG });
    expect(upload.status).toBe(200);
    expect(s3.objects.get(link.body.key)?.body).toEqual(PNG);

    expect((await call(caddy.url, 'PUT', '/api/me/profilePhoto', { token, body: { key: link.body.key } })).status).toBe(
      200,
    );
    const me = await call<{ user: { profilePhoto: string } }>(caddy.url, 'GET', '/api/me', { token });
    expect(new URL(me.body.user.profilePhoto).origin).toBe(caddy.url);
    const photo = await fetch(me.body.user.profilePhoto);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(PNG);
    // A link whose signature does not cover the request is refused by the store, not served by Caddy or the app.
    const tampered = new URL(me.body.user.profilePhoto);
    tampered.searchParams.set('X-Amz-Expires', '604800');
    expect((await fetch(tampered)).status).toBe(403);
  });

  it('throttles by the address of the client in front of Caddy, whatever X-Forwarded-For the client writes', async () => {
    const { limit } = THROTTLES.signUps;
    const signUp = (localAddress: string, forwardedFor: string) =>
      call(caddy.url, 'POST', '/api/signup', {
        localAddress,
        headers: { 'X-Forwarded-For': forwardedFor },
        body: {
          companyName: 'Proxy Test AS',
          name: 'Kari Nordmann',
          email: `signup-${randomBytes(5).toString('hex')}@example.test`,
          phone: uniquePhone(),
          password: 'a long enough password',
          acceptEula: true,
        },
      });
    // Each request claims another address; Caddy replaces the header with the connection's, so they all count as one
    // client (spread over both web processes: the counts are in Redis).
    const codes: unknown[] = [];
    for (let i = 0; i < limit; i += 10) {
      const batch = Array.from({ length: Math.min(10, limit - i) }, (_, n) =>
        signUp('127.0.0.41', `198.51.100.${i + n}`),
      );
      codes.push(...(await Promise.all(batch)).map((answer) => answer.body.code));
    }
    expect(codes.every((code) => code === 'captcha')).toBe(true);
    expect((await signUp('127.0.0.41', '198.51.100.250')).status).toBe(429);
    // Another client through the same Caddy is another address, not Caddy's own.
    expect((await signUp('127.0.0.42', '198.51.100.0')).body.code).toBe('captcha');
  });

  it("reports each worker healthy by its heartbeat, as the compose worker's healthcheck runs it", async () => {
    const run = promisify(execFile);
    const check = (file: string) =>
      run(process.execPath, ['--import', 'tsx', 'scripts/check-worker-health.ts'], {
        env: { ...process.env, WORKER_HEARTBEAT_FILE: file },
      }).then(
        () => 0,
        (error: { code?: number }) => error.code ?? -1,
      );
    const [first, second, none] = await Promise.all([
      check(cluster.workers[0].heartbeatFile),
      check(cluster.workers[1].heartbeatFile),
      check(`${cluster.workers[0].heartbeatFile}-of-no-worker`),
    ]);
    expect([first, second, none]).toEqual([0, 0, 1]);
  });
});
