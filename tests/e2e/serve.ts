import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { E2E_ENTRA_APP, startFakeEntra } from '../helpers/fake-entra';
import { startFakeGeocoder } from '../helpers/fake-geocoder';
import { startFakeTileServer } from '../helpers/fake-tile-server';
import { startFakeWebPush } from '../helpers/fake-web-push';
import { createTestDatabase } from '../helpers/test-database';
import { startTestServer } from '../helpers/test-server';
import { startTestWorker } from '../helpers/test-worker';
import { testEnv } from '../helpers/test-env';
import { e2eServerInfoPath } from './support/e2e-server-info';
import { E2E_OPERATOR_EMAIL } from './support/operator-email';

// Playwright's web server: the real server on E2E_PORT against a clean database; stops and drops it on SIGTERM.
// Tests reach the same database through the file it writes (tests/e2e/support/e2e-db.ts).
const port = Number(process.argv[2]);
const database = await createTestDatabase();
// The map's place search goes to a local Nominatim stand-in (tests/helpers/fake-geocoder.ts): no internet.
const geocoder = await startFakeGeocoder();
// The map's tiles come from a local tile service (tests/helpers/fake-tile-server.ts) instead of the default public
// ones; tests/e2e/map.spec.ts makes it unreachable for the offline fallback (the default case on a machine without
// internet; tests/unit/map.test.ts covers the defaults themselves).
const tiles = await startFakeTileServer();
// Sign in with Microsoft goes to a local provider in the shape of Entra ID (tests/helpers/fake-entra.ts), with one app
// registered for this server (tests/unit/microsoft-authority.test.ts covers the unset default, Microsoft's cloud).
const entra = await startFakeEntra();
entra.register({ ...E2E_ENTRA_APP, redirectUri: `http://127.0.0.1:${port}/login/microsoft` });
// Browsers subscribe at a local push service in the shape of a real one (tests/helpers/fake-web-push.ts): the test
// machine reaches none, and headless Chromium cannot subscribe anyway. The responder test hands the page a subscription
// of the fake's (tests/e2e/support/push-service.ts) and delivers what reaches it to the service worker through the
// DevTools protocol. The keys are generated as `npm start` generates them when none are configured.
const vapid = webpush.generateVAPIDKeys();
const pushService = await startFakeWebPush(vapid.publicKey);
const pushCertificate = path.resolve('test-results', `e2e-push-service-${port}.pem`);
fs.mkdirSync(path.dirname(pushCertificate), { recursive: true });
fs.writeFileSync(pushCertificate, pushService.certificate);
const webPush = {
  WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
  WEB_PUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
  WEB_PUSH_SUBJECT: 'mailto:operator@example.test',
};
// Devices asked for their position get 30 s to answer instead of 60, so that the browser sees people become not reached
// within a test (tests/api/positionings.test.ts checks the 60 s of an unset variable).
const answerTime = { POSITIONING_ANSWER_SECONDS: '30' };
// Live connections are checked again every 2 s instead of every minute, so that a page sees its session end within a
// test (tests/unit/realtime-recheck-env.test.ts checks the minute of an unset variable).
const server = await startTestServer(
  database.url,
  {
    LOG_LEVEL: 'warn',
    GEOCODER_URL: geocoder.url,
    MICROSOFT_AUTHORITY_URL: entra.url,
    REALTIME_RECHECK_SECONDS: '2',
    // The install's operator (tests/e2e/support/operator.ts), as `npm start` names its demo owner.
    OPERATOR_EMAILS: E2E_OPERATOR_EMAIL,
    ...tiles.env,
    ...answerTime,
    ...webPush,
    // "Test my alerts" pushes from the web server itself: it trusts the push service's certificate too.
    NODE_EXTRA_CA_CERTS: pushCertificate,
  },
  port,
);
// The worker beside it, serving only the delivery, email, missions and positionings queues: alerts sent in the browser
// are delivered, the e-mails to added members composed (to the outbox: no provider is configured), a mission started
// through the API raises its alarm at its end time (its own delayed job), and a positioning asks its devices and closes
// at its answer time. The timed jobs stay off, because they would change other tests' fixtures mid-test (the minute
// sweep raises the alarm of a mission a dashboard test shows as expired).
const worker = await startTestWorker({
  ...process.env,
  DATABASE_URL: database.url,
  DATABASE_POOL_SIZE: '4',
  REDIS_URL: testEnv('TEST_REDIS_URL'),
  QUEUE_PREFIX: server.queuePrefix,
  PUBLIC_URL: server.url,
  WORKER_QUEUES: 'delivery,email,missions,positionings',
  ...answerTime,
  ...webPush,
  // The worker sends Web Push to the local push service over HTTPS: trust its certificate.
  NODE_EXTRA_CA_CERTS: pushCertificate,
  WORKER_CONCURRENCY: '4',
});
const infoPath = e2eServerInfoPath(port);
fs.mkdirSync(path.dirname(infoPath), { recursive: true });
fs.writeFileSync(
  infoPath,
  JSON.stringify({
    url: server.url,
    databaseUrl: database.url,
    tilesUrl: tiles.url,
    pushServiceUrl: pushService.origin,
    queuePrefix: server.queuePrefix,
  }),
);
console.log(`e2e server ready at ${server.url}`);

async function stop(): Promise<void> {
  fs.rmSync(infoPath, { force: true });
  await worker.stop();
  await server.stop();
  await geocoder.stop();
  await tiles.stop();
  await entra.stop();
  await pushService.stop();
  fs.rmSync(pushCertificate, { force: true });
  await database.drop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
