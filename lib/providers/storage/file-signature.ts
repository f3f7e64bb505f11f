import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a local file link allows: the method, the key, until when, and for uploads the content type and size. */
export interface FileGrant {
  method: 'GET' | 'PUT' | 'DELETE';
  key: string;
  expiresAt: number;
  contentType?: string;
  maxBytes?: number;
  fileName?: string;
}

export function signFileGrant(secret: string, grant: FileGrant): string {
  const fields = [
    grant.method,
    grant.key,
    grant.expiresAt,
    grant.contentType ?? '',
    grant.maxBytes ?? '',
    grant.fileName ?? '',
  ];
  return createHmac('sha256', secret).update(fields.join('\n')).digest('base64url');
}

export function isFileGrantSigned(secret: string, grant: FileGrant, signature: string): boolean {
  const expected = Buffer.from(signFileGrant(secret, grant));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
