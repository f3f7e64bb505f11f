import { ApiError } from '@/lib/api-error';
import type { PublicCtx } from '@/lib/context';
import type { StoredFileDownload } from '@/lib/http-parts/answers';
import { authorizeFileLink, type FileLink } from './authorize-file-link';

/** GET /api/files/<key>?exp&sig[&fn]: the file of a signed link, cacheable by the browser until the link expires. */
export async function serveLocalFile(ctx: PublicCtx, link: FileLink): Promise<StoredFileDownload> {
  const { files, grant } = authorizeFileLink('GET', link, ctx.now);
  const file = await files.open(link.key);
  if (!file) throw ApiError.notFound('The file');
  return {
    file,
    fileName: grant.fileName,
    maxAgeSeconds: Math.max(0, Math.floor(grant.expiresAt - ctx.now.getTime() / 1000)),
  };
}
