import { describe, it, expect, afterAll, afterEach, jest } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalStorage } from '@/lib/providers/storage/local-storage';
import { useApiTestContext } from '../helpers/api-test-context';

// The local storage driver: links signed in this process, files uploaded to and served by the real server.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tocsin-files-'));
const SECRET_KEY = 'test-secret-key-0123456789abcdef-0123456789';
const ctx = useApiTestContext({ STORAGE_DRIVER: 'local', STORAGE_DIR: dir, SECRET_KEY });
const files = () => {
  process.env.SECRET_KEY = SECRET_KEY;
  let secret = '';
  jest.isolateModules(() => {
    secret = (require('@/lib/secret-key') as typeof import('@/lib/secret-key')).secretKeyFor('files');
  });
  return createLocalStorage({ dir, secret, baseUrl: ctx.url });
};

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let counter = 0;
const newKey = (ext = 'png') =>
  `users/0b6f7c1e-2f6a-4d4e-9c39-${String(++counter).padStart(12, '0')}/photo-${counter}.${ext}`;
const bytes = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => i % 256));

async function upload(url: string, body: BodyInit, contentType = 'image/png', extra: RequestInit = {}) {
  const response = await fetch(url, { method: 'PUT', headers: { 'Content-Type': contentType }, body, ...extra });
  return { status: response.status, body: (await response.json().catch(() => null)) as { errors?: string[] } | null };
}

const tamper = (url: string, name: string, value: string) => {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
};

describe('local file storage through /api/files', () => {
  it('uploads with the signed link, stats, downloads, and removes', async () => {
    const key = newKey();
    const link = await files().uploadUrl(key, { contentType: 'image/png', maxBytes: 1000, expiresInSeconds: 60 });
    expect(link).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/png' } });
    expect(link.url.startsWith(`${ctx.url}/api/files/${key}?`)).toBe(true);
    const content = bytes(700);
    expect((await upload(link.url, content, link.headers['Content-Type'])).status).toBe(200);

    expect(await files().stat(key)).toEqual({ size: 700, contentType: 'image/png' });
    const download = await fetch(await files().downloadUrl(key, { expiresInSeconds: 3600 }));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(Number(download.headers.get('cache-control')!.split('=')[1])).toBeGreaterThanOrEqual(3600);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-disposition')).toBe('inline');
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);

    await files().remove(key);
    expect(await files().stat(key)).toBeNull();
    const gone = await fetch(await files().downloadUrl(key, { expiresInSeconds: 60 }));
    expect(gone.status).toBe(404);
  });

  it('copies a file with its content type under another key; the copy outlives the original', async () => {
    const from = newKey('pdf');
    const to = newKey('pdf');
    const link = await files().uploadUrl(from, {
      contentType: 'application/pdf',
      maxBytes: 1000,
      expiresInSeconds: 60,
    });
    const content = bytes(300);
    expect((await upload(link.url, content, 'application/pdf')).status).toBe(200);
    await files().copy(from, to);
    await files().remove(from);
    expect(await files().stat(to)).toEqual({ size: 300, contentType: 'application/pdf' });
    const download = await fetch(await files().downloadUrl(to, { expiresInSeconds: 60 }));
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
    await expect(files().copy(newKey('pdf'), newKey('pdf'))).rejects.toThrow('no stored file to copy');
  });

  it('puts and reads back a file the app makes itself, which the signed link then serves', async () => {
    const key = newKey('wav');
    expect(await files().read(key)).toBeNull();
    await files().put(key, 'audio/wav', bytes(500));
    await files().put(key, 'audio/wav', bytes(400));
    expect(await files().read(key)).toEqual({ bytes: new Uint8Array(bytes(400)), contentType: 'audio/wav' });
    const download = await fetch(await files().downloadUrl(key, { expiresInSeconds: 60 }));
    expect(download.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes(400))).toBe(true);
  });

  it('replaces a file uploaded again under the same key', async () => {
    const key = newKey();
    const link = await files().uploadUrl(key, { contentType: 'image/png', maxBytes: 1000, expiresInSeconds: 60 });
    expect((await upload(link.url, bytes(10))).status).toBe(200);
    expect((await upload(link.url, bytes(20))).status).toBe(200);
    expect((await files().stat(key))?.size).toBe(20);
  });

  it('gives the same download link within a few minutes, so browsers can cache the file', async () => {
    const key = newKey();
    expect(await files().downloadUrl(key, { expiresInSeconds: 3600 })).toBe(
      await files().downloadUrl(key, { expiresInSeconds: 3600 }),
    );
  });

  it('downloads as an attachment under the signed file name', async () => {
    const key = newKey('json');
    const link = await files().uploadUrl(key, { contentType: 'application/json', maxBytes: 100, expiresInSeconds: 60 });
    expect((await upload(link.url, '{"a":1}', 'application/json')).status).toBe(200);
    const url = await files().downloadUrl(key, { expiresInSeconds: 60, fileName: 'Min profil "ø".json' });
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Min profil ___.json"; filename*=UTF-8''Min%20profil%20%22%C3%B8%22.json`,
    );
    expect((await fetch(tamper(url, 'fn', 'other.json'))).status).toBe(403);
  });

  it('refuses a wrong or altered signature with 403', async () => {
    const key = newKey();
    const link = await files().uploadUrl(key, { contentType: 'image/png', maxBytes: 100, expiresInSeconds: 60 });
    const other = createLocalStorage({ dir, secret: 'another-secret-of-another-install-0123456789', baseUrl: ctx.url });
    const forged = await other.uploadUrl(key, { contentType: 'image/png', maxBytes: 100, expiresInSeconds: 60 });
    const attempts = [
      forged.url,
      tamper(link.url, 'sig', 'AAAA'),
      tamper(link.url, 'max', '100000'),
      tamper(link.url, 'exp', String(Number(new URL(link.url).searchParams.get('exp')) + 3600)),
      link.url.replace(key, newKey()),
      link.url.split('&sig=')[0],
    ];
    for (const url of attempts) {
      const answer = await upload(url, bytes(10));
      expect([url, answer.status]).toEqual([url, 403]);
      expect(answer.body?.errors).toEqual(['The file link is not valid']);
    }
    expect(await files().stat(key)).toBeNull();
    // An upload link is no download link, and the other way round.
    expect((await fetch(link.url)).status).toBe(403);
    expect((await upload(await files().downloadUrl(key, { expiresInSeconds: 60 }), bytes(10))).status).toBe(403);
  });

  it('refuses expired links with 403', async () => {
    const key = newKey();
    const expiredUpload = await files().uploadUrl(key, {
      contentType: 'image/png',
      maxBytes: 100,
      expiresInSeconds: -1,
    });
    const answer = await upload(expiredUpload.url, bytes(10));
    expect(answer).toEqual({ status: 403, body: { errors: ['The file link has expired'] } });
    const fresh = await files().uploadUrl(key, { contentType: 'image/png', maxBytes: 100, expiresInSeconds: 60 });
    expect((await upload(fresh.url, bytes(10))).status).toBe(200);
    const expiredDownload = await files().downloadUrl(key, { expiresInSeconds: -3600 });
    expect((await fetch(expiredDownload)).status).toBe(403);
  });

  it('refuses another content type than the signed one with 403', async () => {
    const key = newKey();
    const link = await files().uploadUrl(key, { contentType: 'image/png', maxBytes: 100, expiresInSeconds: 60 });
    for (const contentType of ['image/jpeg', 'text/html', 'image/png; charset=utf-8']) {
      const answer = await upload(link.url, bytes(10), contentType);
      expect([contentType, answer.status]).toEqual([contentType, 403]);
      expect(answer.body?.errors).toEqual(['The file must be sent as image/png']);
    }
    expect(await files().stat(key)).toBeNull();
  });

  it('refuses a file larger than signed with 413, declared or streamed, and keeps nothing of it', async () => {
    const key = newKey();
    const link = await files().uploadUrl(key, { contentType: 'image/png', maxBytes: 1000, expiresInSeconds: 60 });
    expect((await upload(link.url, bytes(1001))).status).toBe(413);
    // A chunked body declares no length: the limit applies while it streams in.
    const chunks = [bytes(600), bytes(600)];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const streamed = await upload(link.url, stream, 'image/png', { duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await files().stat(key)).toBeNull();
    expect(fs.readdirSync(path.join(dir, '.tmp'))).toEqual([]);
    expect((await upload(link.url, bytes(1000))).status).toBe(200);
  });

  it('deletes with a signed DELETE link, and only with that', async () => {
    const key = newKey();
    const link = await files().uploadUrl(key, { contentType: 'image/png', maxBytes: 100, expiresInSeconds: 60 });
    expect((await upload(link.url, bytes(10))).status).toBe(200);
    const deleteLink = await files().deleteUrl(key, { expiresInSeconds: 60 });
    expect(deleteLink.method).toBe('DELETE');
    expect(deleteLink.url.startsWith(`${ctx.url}/api/files/${key}?`)).toBe(true);

    // Neither an upload nor a download link deletes, a delete link downloads nothing, and a changed one is refused.
    const refused = [
      link.url,
      await files().downloadUrl(key, { expiresInSeconds: 60 }),
      deleteLink.url.replace(key, newKey()),
      tamper(deleteLink.url, 'exp', '9999999999'),
    ];
    for (const url of refused) expect([url, (await fetch(url, { method: 'DELETE' })).status]).toEqual([url, 403]);
    expect((await fetch(deleteLink.url)).status).toBe(403);
    const expired = await files().deleteUrl(key, { expiresInSeconds: -1 });
    const expiredAnswer = await fetch(expired.url, { method: 'DELETE' });
    expect([expiredAnswer.status, await expiredAnswer.json()]).toEqual([
      403,
      { errors: ['The file link has expired'] },
    ]);
    expect((await files().stat(key))?.size).toBe(10);

    const deleted = await fetch(deleteLink.url, { method: 'DELETE' });
    expect([deleted.status, await deleted.json()]).toEqual([200, {}]);
    expect(await files().stat(key)).toBeNull();
    expect((await fetch(deleteLink.url, { method: 'DELETE' })).status).toBe(200);
  });

  it('refuses keys that leave the storage folder', async () => {
    for (const badPath of [
      '/api/files/..%2F..%2Fetc%2Fpasswd',
      '/api/files/users/%2E%2E/x.png',
      '/api/files/.meta/x.json',
    ]) {
      const response = await fetch(`${ctx.url}${badPath}?exp=9999999999&sig=x`);
      expect([badPath, response.status]).toEqual([badPath, 403]);
    }
    await expect(
      files().uploadUrl('../outside.png', { contentType: 'image/png', maxBytes: 1, expiresInSeconds: 60 }),
    ).rejects.toThrow('invalid storage key');
    await expect(files().stat('/etc/passwd')).rejects.toThrow('invalid storage key');
  });
});

describe('the storage driver from the environment', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  function storageWith(env: Record<string, string>) {
    Object.assign(process.env, env);
    let driver: () => unknown = () => undefined;
    jest.isolateModules(() => {
      const { storage } =
        require('@/lib/providers/storage/storage') as typeof import('@/lib/providers/storage/storage');
      driver = storage;
    });
    return driver;
  }

  it('refuses to sign local links in production without SECRET_KEY', () => {
    const storage = storageWith({ NODE_ENV: 'production', STORAGE_DRIVER: 'local', SECRET_KEY: '' });
    expect(() => storage()).toThrow('SECRET_KEY is not set or shorter than 32 characters');
  });

  it('needs S3_BUCKET for the s3 driver', () => {
    const storage = storageWith({ STORAGE_DRIVER: 's3', S3_BUCKET: '' });
    expect(() => storage()).toThrow('S3_BUCKET is not set');
  });
});
