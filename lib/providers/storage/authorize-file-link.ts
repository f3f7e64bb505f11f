import { ApiError } from '@/lib/api-error';
import type { FileGrant } from './file-signature';
import { LocalStorage } from './local-storage';
import { storage } from './storage';
import { isStorageKey } from './storage-key';

/**
 * The signature is the only authorisation of /api/files (img tags and direct uploads send no bearer): the grant is
 * rebuilt from the URL and must carry this app's signature and not have expired.
 */
export function authorizeFileLink(method: FileGrant['method'], key: string, query: URLSearchParams, now: Date): { files: LocalStorage; grant: FileGrant } {
  const files = storage();
  if (!(files instanceof LocalStorage)) throw ApiError.notFound('The file');
  const invalid = ApiError.forbidden('The file link is not valid');
  const expiresAt = Number(query.get('exp'));
  const signature = query.get('sig');
  if (!isStorageKey(key) || !Number.isSafeInteger(expiresAt) || !signature) throw invalid;
  const grant: FileGrant = { method, key, expiresAt };
  if (method === 'PUT') {
    grant.contentType = query.get('ct') ?? '';
    grant.maxBytes = Number(query.get('max'));
    if (!grant.contentType || !Number.isSafeInteger(grant.maxBytes)) throw invalid;
  }
  if (method === 'GET' && query.has('fn')) grant.fileName = query.get('fn') ?? '';
  if (!files.verify(grant, signature)) throw invalid;
  if (expiresAt < now.getTime() / 1000) throw ApiError.forbidden('The file link has expired');
  return { files, grant };
}
