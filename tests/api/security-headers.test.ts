import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';

// DESIGN §13: pages carry a strict Content-Security-Policy with a fresh nonce on every script; every answer says
// nosniff, no framing, its referrer policy and which browser features the pages may use.

async function page(url: string) {
  const response = await fetch(`${url}/login`);
  return { headers: response.headers, html: await response.text() };
}

function nonceOf(policy: string): string {
  const match = /'nonce-([^']+)'/.exec(policy);
  if (!match) throw new Error(`no nonce in ${policy}`);
  return match[1];
}

describe('security headers', () => {
  describe('with the defaults', () => {
    const api = useApiTestContext();

    it('a page has a nonce-based policy, the nonce on each of its scripts, and a new nonce on every request', async () => {
      const first = await page(api.url);
      const policy = first.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("base-uri 'self'");
      expect(policy).not.toContain('unsafe-eval');
      expect(policy.split('; ').find((directive) => directive.startsWith('script-src'))).not.toContain('unsafe-inline');
      const nonce = nonceOf(policy);
      const scripts = [...first.html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      const second = await page(api.url);
      expect(nonceOf(second.headers.get('content-security-policy') ?? '')).not.toBe(nonce);
    });

    it('allows the default map tile services, and only in the image and connection sources', async () => {
      const policy = (await page(api.url)).headers.get('content-security-policy') ?? '';
      const directive = (name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';
      for (const name of ['img-src', 'connect-src']) {
        for (const host of ['tile.openstreetmap.org', 'server.arcgisonline.com', 'tile.opentopomap.org'])
          expect(directive(name)).toContain(`https://${host}`);
      }
      expect(directive('script-src')).not.toContain('openstreetmap');
    });

    it('every answer, pages and API alike, refuses framing and sniffing and limits referrers and features', async () => {
      for (const path of ['/login', '/api/health', '/api/me']) {
        const response = await fetch(`${api.url}${path}`);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('x-frame-options')).toBe('DENY');
        expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(response.headers.get('permissions-policy')).toContain('camera=()');
      }
    });

    it('a stored file is sandboxed: it can never run as one of our pages', async () => {
      const response = await fetch(`${api.url}/api/files/companies/x/y.html?exp=1&sig=x`);
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    });
  });

  describe('with map tiles and S3 configured', () => {
    const api = useApiTestContext({
      MAP_TILES_ROAD: 'https://{s}.tiles.example.test/road/{z}/{x}/{y}.png',
      MAP_TILES_SATELLITE: 'https://imagery.example.test/{z}/{y}/{x}',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_PUBLIC_ENDPOINT: 'https://files.example.test',
      S3_BUCKET: 'tocsin',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });

    it('allows exactly the configured tile hosts and the public file host, nowhere else', async () => {
      const policy = (await page(api.url)).headers.get('content-security-policy') ?? '';
      const directive = (name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';
      for (const name of ['img-src', 'connect-src']) {
        expect(directive(name)).toContain('https://*.tiles.example.test');
        expect(directive(name)).toContain('https://imagery.example.test');
        expect(directive(name)).toContain('https://files.example.test');
        expect(directive(name)).not.toContain('minio.internal');
      }
      expect(directive('script-src')).not.toContain('example.test');
    });
  });
});
