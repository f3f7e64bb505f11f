import { describe, it, expect, afterEach } from '@jest/globals';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { keptVapidKeys, vapidSubject } from '@/scripts/lib/vapid-keys';

// `npm start` without WEB_PUSH_* (scripts/start.ts): a VAPID key pair made once and kept under .data/, like SECRET_KEY.

const dirs: string[] = [];
async function dataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'tocsin-vapid-'));
  dirs.push(dir);
  return path.join(dir, '.data');
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('keptVapidKeys', () => {
  it('generates a pair on the first call, keeps it readable by its owner only, and reads the same pair later', async () => {
    const dir = await dataDir();
    const first = await keptVapidKeys(dir);
    // An uncompressed P-256 point (65 bytes) and a 32-byte private key, base64url.
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    const file = path.join(dir, 'vapid-keys.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first);

    expect(await keptVapidKeys(dir)).toEqual(first);
    expect(await keptVapidKeys(await dataDir())).not.toEqual(first);
  });

  it('refuses a file without both keys rather than replacing the pair browsers subscribed with', async () => {
    const dir = await dataDir();
    await keptVapidKeys(dir);
    await writeFile(path.join(dir, 'vapid-keys.json'), JSON.stringify({ publicKey: 'only-this' }));
    await expect(keptVapidKeys(dir)).rejects.toThrow('lacks publicKey or privateKey');
  });
});

describe('vapidSubject', () => {
  it('is the public address when it is https', () => {
    expect(vapidSubject('https://alerts.example.com', 'Tocsin <no-reply@example.com>')).toBe(
      'https://alerts.example.com',
    );
  });

  it('else the address e-mails come from, with or without a display name', () => {
    expect(vapidSubject(undefined, 'Tocsin <no-reply@localhost>')).toBe('mailto:no-reply@localhost');
    expect(vapidSubject('http://localhost:3000', 'Tocsin <alerts@example.com>')).toBe('mailto:alerts@example.com');
    expect(vapidSubject(undefined, ' alerts@example.com ')).toBe('mailto:alerts@example.com');
  });
});
