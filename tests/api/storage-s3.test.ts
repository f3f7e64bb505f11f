import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startFakeS3, type FakeS3 } from '../helpers/fake-s3';

// The s3 driver (chosen by STORAGE_DRIVER=s3) against a local S3 stand-in that checks SigV4 signatures.
// lib/env reads the environment once, when first imported: the code under test is imported after it is set.
let s3: FakeS3;
let storage: typeof import('@/lib/providers/storage/storage').storage;
let createS3Storage: typeof import('@/lib/providers/storage/s3-storage').createS3Storage;
const savedEnv = { ...process.env };

beforeAll(async () => {
  s3 = await startFakeS3({ bucket: 'tocsin-files' });
  Object.assign(process.env, {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.url,
    S3_PUBLIC_ENDPOINT: '',
    S3_REGION: s3.region,
    S3_BUCKET: 'tocsin-files',
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  });
  ({ storage } = await import('@/lib/providers/storage/storage'));
  ({ createS3Storage } = await import('@/lib/providers/storage/s3-storage'));
});

afterAll(async () => {
  await s3?.stop();
  process.env = savedEnv;
});

const key = (name: string) => `users/7d0c7b8e-1f1e-4b59-8a53-0d3c2a1b9e77/${name}`;
const put = (link: { url: string; headers: Record<string, string> }, body: BodyInit, headers = link.headers) =>
  fetch(link.url, { method: 'PUT', headers, body });

describe('s3 file storage', () => {
  it('uploads through a presigned PUT, stats, downloads through a presigned GET, and removes', async () => {
    const link = await storage().uploadUrl(key('photo-1.png'), {
      contentType: 'image/png',
      maxBytes: 1000,
      expiresInSeconds: 60,
    });
    expect(link.method).toBe('PUT');
    expect(link.headers).toEqual({ 'Content-Type': 'image/png' });
    const params = new URL(link.url).searchParams;
    for (const name of [
      'X-Amz-Algorithm',
      'X-Amz-Credential',
      'X-Amz-Date',
      'X-Amz-Expires',
      'X-Amz-SignedHeaders',
      'X-Amz-Signature',
    ]) {
      expect(params.get(name)).toBeTruthy();
    }
    expect(params.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(
      [...params.keys()].some((name) => name.startsWith('x-amz-checksum') || name === 'x-amz-sdk-checksum-algorithm'),
    ).toBe(false);
    expect(new URL(link.url).pathname).toBe(`/tocsin-files/${key('photo-1.png')}`);

    const content = Buffer.from('not really a png');
    expect((await put(link, content)).status).toBe(200);
    expect(await storage().stat(key('photo-1.png'))).toEqual({ size: content.length, contentType: 'image/png' });

    const download = await fetch(await storage().downloadUrl(key('photo-1.png'), { expiresInSeconds: 3600 }));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);

    await storage().remove(key('photo-1.png'));
    expect(await storage().stat(key('photo-1.png'))).toBeNull();
    expect(s3.objects.has(key('photo-1.png'))).toBe(false);
    await storage().remove(key('photo-1.png'));
  });

  it('copies an object with its content type under another key (CopyObject)', async () => {
    const link = await storage().uploadUrl(key('plan.pdf'), {
      contentType: 'application/pdf',
      maxBytes: 100,
      expiresInSeconds: 60,
    });
    expect((await put(link, 'plan')).status).toBe(200);
    await storage().copy(key('plan.pdf'), key('copy/plan.pdf'));
    await storage().remove(key('plan.pdf'));
    expect(await storage().stat(key('copy/plan.pdf'))).toEqual({ size: 4, contentType: 'application/pdf' });
    expect(s3.log).toContain(`PUT /tocsin-files/${key('copy/plan.pdf')} -> 200`);
    await expect(storage().copy(key('missing.pdf'), key('copy/missing.pdf'))).rejects.toThrow();
  });

  it('downloads as an attachment under the given file name', async () => {
    const link = await storage().uploadUrl(key('data.json'), {
      contentType: 'application/json',
      maxBytes: 100,
      expiresInSeconds: 60,
    });
    expect((await put(link, '{}')).status).toBe(200);
    const download = await fetch(
      await storage().downloadUrl(key('data.json'), { expiresInSeconds: 60, fileName: 'my data ø.json' }),
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="my data _.json"; filename*=UTF-8''my%20data%20%C3%B8.json`,
    );
  });

  it('puts and reads back a file the app makes itself (PutObject, GetObject)', async () => {
    expect(await storage().read(key('sample.mp3'))).toBeNull();
    const content = Buffer.from([0xff, 0xf3, 0x60, 0xc4, 1, 2, 3]);
    await storage().put(key('sample.mp3'), 'audio/mpeg', content);
    expect(s3.objects.get(key('sample.mp3'))).toMatchObject({ body: content, contentType: 'audio/mpeg' });
    expect(await storage().read(key('sample.mp3'))).toEqual({
      bytes: new Uint8Array(content),
      contentType: 'audio/mpeg',
    });
    await storage().remove(key('sample.mp3'));
  });

  it('gives the same download link within a few minutes, so browsers can cache the file', async () => {
    expect(await storage().downloadUrl(key('same.png'), { expiresInSeconds: 600 })).toBe(
      await storage().downloadUrl(key('same.png'), { expiresInSeconds: 600 }),
    );
  });

  it('is refused by S3 when the upload has another content type, a changed link, or an expired one', async () => {
    const link = await storage().uploadUrl(key('photo-2.png'), {
      contentType: 'image/png',
      maxBytes: 1000,
      expiresInSeconds: 60,
    });
    const wrongType = await put(link, 'x', { 'Content-Type': 'text/html' });
    expect(wrongType.status).toBe(403);
    expect(await wrongType.text()).toContain('SignatureDoesNotMatch');
    const otherKey = await put({ ...link, url: link.url.replace('photo-2.png', 'photo-3.png') }, 'x');
    expect(otherKey.status).toBe(403);

    const shortLived = await storage().uploadUrl(key('photo-2.png'), {
      contentType: 'image/png',
      maxBytes: 1000,
      expiresInSeconds: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const expired = await put(shortLived, 'x');
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
    expect(await storage().stat(key('photo-2.png'))).toBeNull();
  });

  it('deletes through a presigned DELETE, refused by S3 when changed or expired', async () => {
    const link = await storage().uploadUrl(key('unwanted.pdf'), {
      contentType: 'application/pdf',
      maxBytes: 100,
      expiresInSeconds: 60,
    });
    expect((await put(link, '%PDF')).status).toBe(200);
    const deleteLink = await storage().deleteUrl(key('unwanted.pdf'), { expiresInSeconds: 60 });
    expect(deleteLink.method).toBe('DELETE');
    expect(new URL(deleteLink.url).pathname).toBe(`/tocsin-files/${key('unwanted.pdf')}`);
    expect(new URL(deleteLink.url).searchParams.get('X-Amz-SignedHeaders')).toBe('host');

    const otherKey = await fetch(deleteLink.url.replace('unwanted.pdf', 'photo-1.png'), { method: 'DELETE' });
    expect(otherKey.status).toBe(403);
    // A presigned link is for its method only.
    expect((await fetch(deleteLink.url)).status).toBe(403);
    const shortLived = await storage().deleteUrl(key('unwanted.pdf'), { expiresInSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const expired = await fetch(shortLived.url, { method: 'DELETE' });
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
    expect(s3.objects.has(key('unwanted.pdf'))).toBe(true);

    expect((await fetch(deleteLink.url, { method: 'DELETE' })).status).toBe(204);
    expect(s3.objects.has(key('unwanted.pdf'))).toBe(false);
  });

  it('signs browser links for S3_PUBLIC_ENDPOINT and calls the API at S3_ENDPOINT', async () => {
    const driver = createS3Storage({
      endpoint: 'http://127.0.0.1:9', // nothing listens here: only stat/remove would use it
      publicEndpoint: s3.url,
      region: s3.region,
      bucket: 'tocsin-files',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    });
    const link = await driver.uploadUrl(key('public.png'), {
      contentType: 'image/png',
      maxBytes: 10,
      expiresInSeconds: 60,
    });
    expect(new URL(link.url).origin).toBe(s3.url);
    expect((await put(link, 'png')).status).toBe(200);
    expect(new URL(await driver.downloadUrl(key('public.png'), { expiresInSeconds: 60 })).origin).toBe(s3.url);
    await expect(driver.stat(key('public.png'))).rejects.toThrow();
  });
});
