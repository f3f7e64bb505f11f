import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { pngImage } from '../../helpers/png-image';
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

/** A real PNG picture (a diagonal two-colour pattern) of the given size, to attach. */
export function pngPicture(width: number, height: number): Buffer {
  return pngImage(width, height, (x, y) =>
    Math.floor((x + y) / 16) % 2 === 0 ? [180, 35, 24, 255] : [254, 243, 242, 255],
  );
}

/** A full-page screenshot from the top: scrolled, the sticky top bar would be pictured in the middle of the page. */
export async function screenshotFromTop(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, testInfo, name);
}
