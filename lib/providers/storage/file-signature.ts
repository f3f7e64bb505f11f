import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/env';

/** What a local file link allows: the method, the key, until when, and for uploads the content type and size. */
export interface FileGrant {
  method: 'GET' | 'PUT';
  key: string;
  expiresAt: number;
  contentType?: string;
  maxBytes?: number;
  fileName?: string;
}

// Used only outside production, where a fixed value lets several local processes agree on links.
const DEVELOPMENT_SECRET = 'tocsin-development-file-signing-secret-not-for-production';

/** FILE_SIGNING_SECRET; required in production (every web node must share it), a fixed value otherwise. */
export function fileSigningSecret(): string {
  if (env.FILE_SIGNING_SECRET) return env.FILE_SIGNING_SECRET;
  if (env.NODE_ENV === 'production') {
    throw new Error('FILE_SIGNING_SECRET is not set: local file storage needs it in production (32+ random characters, the same on every web node; see .env.example)');
  }
  return DEVELOPMENT_SECRET;
}

export function signFileGrant(secret: string, grant: FileGrant): string {
  const fields = [grant.method, grant.key, grant.expiresAt, grant.contentType ?? '', grant.maxBytes ?? '', grant.fileName ?? ''];
  return createHmac('sha256', secret).update(fields.join('\n')).digest('base64url');
}

export function isFileGrantSigned(secret: string, grant: FileGrant, signature: string): boolean {
  const expected = Buffer.from(signFileGrant(secret, grant));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
