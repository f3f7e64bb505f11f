import { isIP } from 'node:net';
import { env } from '@/lib/env';

/** The address links are built on: PUBLIC_URL, else (outside production) this machine's own port. */
function publicBase(): string | undefined {
  return env.PUBLIC_URL || (env.NODE_ENV === 'production' ? undefined : `http://localhost:${env.PORT}`);
}

/**
 * An absolute link to a page of the product, for e-mails and SMS. Always built from PUBLIC_URL, never from the request's
 * Host header (which a caller controls: a reset link must not point to an attacker's host).
 */
export function publicUrl(pathAndQuery: string): string {
  const base = publicBase();
  if (!base) throw new Error('PUBLIC_URL is not set (see .env.example)');
  return new URL(pathAndQuery, base.endsWith('/') ? base : `${base}/`).toString();
}

/**
 * Why people and outside systems (a Flic hub, Microsoft Entra, a phone opening an e-mailed link) cannot use an address:
 * `unset` (no PUBLIC_URL), `loopback` (this machine only: localhost, 127.0.0.0/8, ::1, 0.0.0.0), `plainHttp` (not https,
 * which Entra and many devices require). A loopback address is named first: no other device reaches it at all.
 */
export type PublicUrlProblem = 'unset' | 'loopback' | 'plainHttp';

const IPV4_LOOPBACK = /^127(\.\d{1,3}){3}$/;
/** ::1, ::, and IPv4-mapped loopback (::ffff:127.x.y.z, which URL writes as ::ffff:7fxx:xxxx). */
const IPV6_LOOPBACK = /^(::1?|::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}|::ffff:127(\.\d{1,3}){3})$/;

function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return IPV4_LOOPBACK.test(host) || host === '0.0.0.0';
  if (isIP(host) === 6) return IPV6_LOOPBACK.test(host);
  return false;
}

/** What is wrong with `url` as the address of the product for others; null when nothing is. */
export function publicUrlProblemOf(url: string | undefined): PublicUrlProblem | null {
  if (!url) return 'unset';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'unset';
  }
  if (isLoopbackHost(parsed.hostname)) return 'loopback';
  return parsed.protocol === 'https:' ? null : 'plainHttp';
}

/** publicUrlProblemOf the address this process builds links on (screens warn beside the addresses they show). */
export function publicUrlProblem(): PublicUrlProblem | null {
  return publicUrlProblemOf(publicBase());
}

/** The line a starting server logs when outside systems cannot use its public address (null when they can). */
export function publicUrlWarning(): string | null {
  const problem = publicUrlProblem();
  if (!problem) return null;
  const fix = 'Set PUBLIC_URL to the address people and devices use, e.g. https://alerts.example.com, and restart.';
  const address = publicBase();
  const why = {
    unset: 'PUBLIC_URL is not set: e-mailed links, the Flic button URL and the Microsoft addresses cannot be made.',
    loopback: `PUBLIC_URL is ${address}, this computer only: the links in e-mails, the Flic button URL and the Microsoft addresses will not work on other devices.`,
    plainHttp: `PUBLIC_URL is ${address}, plain http: Microsoft Entra and many devices need https.`,
  }[problem];
  return `${why} ${fix}`;
}
