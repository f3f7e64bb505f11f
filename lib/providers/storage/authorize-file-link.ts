import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { firstQueryValue } from '@/lib/http-parts/query-value';
import type { FileGrant } from './file-signature';
import { LocalStorage } from './local-storage';
import { storage } from './storage';
import { isStorageKey } from './storage-key';

/** The key of /api/files/<key> (its path segments). */
export const fileKeyParams = z.object({ key: z.array(z.string()).transform((segments) => segments.join('/')) });

/** The query of a signed link: expiry and signature; content type and size limit of an upload; a download's file name. */
export const fileLinkQuery = z.object({
  exp: firstQueryValue,
  sig: firstQueryValue,
  ct: firstQueryValue,
  max: firstQueryValue,
  fn: firstQueryValue,
});

export type FileLink = z.output<typeof fileKeyParams> & z.output<typeof fileLinkQuery>;

/**
 * The signature is the only authorisation of /api/files (img tags and direct uploads send no bearer): the grant is
 * rebuilt from the link and must carry this app's signature and not have expired.
 */
export function authorizeFileLink(
  method: FileGrant['method'],
  link: FileLink,
  now: Date,
): { files: LocalStorage; grant: FileGrant } {
  const files = storage();
  if (!(files instanceof LocalStorage)) throw ApiError.notFound('The file');
  const invalid = ApiError.forbidden('The file link is not valid');
  const { key } = link;
  const expiresAt = Number(link.exp);
  const signature = link.sig;
  if (!isStorageKey(key) || !Number.isSafeInteger(expiresAt) || !signature) throw invalid;
  const grant: FileGrant = { method, key, expiresAt };
  if (method === 'PUT') {
    grant.contentType = link.ct ?? '';
    grant.maxBytes = Number(link.max);
    if (!grant.contentType || !Number.isSafeInteger(grant.maxBytes)) throw invalid;
  }
  if (method === 'GET' && link.fn !== undefined) grant.fileName = link.fn;
  if (!files.verify(grant, signature)) throw invalid;
  if (expiresAt < now.getTime() / 1000) throw ApiError.forbidden('The file link has expired');
  return { files, grant };
}
