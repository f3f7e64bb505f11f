import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { ApiError } from '@/lib/api-error';
import type { PublicCtx } from '@/lib/context';
import type { Upload } from '@/lib/http-parts/request-reader';
import { authorizeFileLink, type FileLink } from './authorize-file-link';

/** PUT /api/files/<key>?exp&ct&max&sig: stores the body when its content type is the signed one and it fits (413 beyond). */
export async function receiveLocalUpload(
  ctx: PublicCtx,
  { upload, ...link }: FileLink & { upload: Upload },
): Promise<Record<string, never>> {
  const { files, grant } = authorizeFileLink('PUT', link, ctx.now);
  const signedType = grant.contentType ?? '';
  if (upload.contentType?.trim().toLowerCase() !== signedType.toLowerCase()) {
    throw ApiError.forbidden(`The file must be sent as ${signedType}`);
  }
  const maxBytes = grant.maxBytes ?? 0;
  const tooLarge = () => ApiError.tooLarge(`The file is larger than ${maxBytes} bytes`);
  if (upload.declaredBytes > maxBytes) throw tooLarge();
  await files.write(link.key, signedType, limited(upload.bytes, maxBytes, tooLarge));
  return {};
}

/** The body's chunks, failing as soon as more than `maxBytes` arrived (a chunked upload declares no length). */
async function* limited(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  tooLarge: () => Error,
): AsyncGenerator<Uint8Array> {
  if (!body) return;
  let size = 0;
  for await (const chunk of Readable.fromWeb(body as NodeReadableStream<Uint8Array>)) {
    size += (chunk as Uint8Array).byteLength;
    if (size > maxBytes) throw tooLarge();
    yield chunk as Uint8Array;
  }
}
