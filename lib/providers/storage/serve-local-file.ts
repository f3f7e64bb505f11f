import { ApiError } from '@/lib/api-error';
import type { StoredFileDownload } from '@/lib/http/answers';
import { authorizeFileLink } from './authorize-file-link';

/** GET /api/files/<key>?exp&sig[&fn]: the file of a signed link, cacheable by the browser until the link expires. */
export async function serveLocalFile(key: string, query: URLSearchParams, now: Date): Promise<StoredFileDownload> {
  const { files, grant } = authorizeFileLink('GET', key, query, now);
  const file = await files.open(key);
  if (!file) throw ApiError.notFound('The file');
  return { file, fileName: grant.fileName, maxAgeSeconds: Math.max(0, Math.floor(grant.expiresAt - now.getTime() / 1000)) };
}
