import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { screenshot } from '../screenshot';

/** The product API as one user (bearer token and company from a real login), for arranging alerts the way the UI does. */
export async function apiAs(request: APIRequestContext, user: { email: string; password: string }) {
  const login = await request.post('/api/login', {
    data: { email: user.email, password: user.password },
    headers: { 'X-Api-Version': '2.2' },
  });
  expect(login.status()).toBe(200);
  const { token, customerId } = (await login.json()) as { token: string; customerId: string };
  const headers = { Authorization: `Bearer ${token}`, CustomerId: customerId, 'X-Api-Version': '2.2' };
  const send = async <T>(method: string, path: string, data: unknown): Promise<T> => {
    const response = await request.fetch(path, { method, data, headers });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as T;
  };
  return {
    async post<T>(path: string, data: unknown): Promise<T> {
      return send<T>('POST', path, data);
    },
    async put<T>(path: string, data: unknown = {}): Promise<T> {
      return send<T>('PUT', path, data);
    },
    /** Puts a file in storage through an upload link (GET `<base>/attachmentUploadUrl/{name}`), ready to be claimed. */
    async upload(
      base: string,
      name: string,
      contentType: string,
      body: Buffer,
    ): Promise<{ key: string; name: string }> {
      const query = new URLSearchParams({ contentType, size: String(body.length) });
      const linkResponse = await request.get(`${base}/attachmentUploadUrl/${encodeURIComponent(name)}?${query}`, {
        headers,
      });
      expect(linkResponse.status()).toBe(200);
      const link = (await linkResponse.json()) as {
        url: string;
        method: string;
        headers: Record<string, string>;
        key: string;
      };
      const put = await request.fetch(link.url, { method: link.method, headers: link.headers, data: body });
      expect(put.status()).toBeLessThan(300);
      return { key: link.key, name };
    },
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG picture (a diagonal two-colour pattern) of the given size, to attach. */
export function pngPicture(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = y * (width * 3 + 1) + 1 + x * 3;
      const band = Math.floor((x + y) / 16) % 2 === 0;
      rows.set(band ? [180, 35, 24] : [254, 243, 242], offset);
    }
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A full-page screenshot from the top: scrolled, the sticky top bar would be pictured in the middle of the page. */
export async function screenshotFromTop(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, testInfo, name);
}
