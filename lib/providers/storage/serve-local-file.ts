import { Readable } from 'node:stream';
import { ApiError } from '@/lib/api-error';
import { authorizeFileLink } from './authorize-file-link';
import { attachmentDisposition } from './content-disposition';

/** GET /api/files/<key>?exp&sig[&fn]: the file of a signed link, cacheable by the browser until the link expires. */
export async function serveLocalFile(key: string, query: URLSearchParams, now: Date): Promise<Response> {
  const { files, grant } = authorizeFileLink('GET', key, query, now);
  const file = await files.open(key);
  if (!file) throw ApiError.notFound('The file');
  const maxAge = Math.max(0, Math.floor(grant.expiresAt - now.getTime() / 1000));
  return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': file.contentType ?? 'application/octet-stream',
      'Content-Length': String(file.size),
      'Cache-Control': `private, max-age=${maxAge}`,
      'Content-Disposition': grant.fileName ? attachmentDisposition(grant.fileName) : 'inline',
      // Uploaded content is never run as a page of this origin, whatever its type claims.
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
