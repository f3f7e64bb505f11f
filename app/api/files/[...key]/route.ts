import { z } from 'zod';
import { storedFileAnswer } from '@/lib/http/answers';
import { route } from '@/lib/http/route';
import { receiveLocalUpload } from '@/lib/providers/storage/receive-local-upload';
import { removeLocalFile } from '@/lib/providers/storage/remove-local-file';
import { serveLocalFile } from '@/lib/providers/storage/serve-local-file';

// Files of the local storage driver. No bearer (img tags, direct uploads): the signed link is the authorisation.
// No body schema, so the wrapper leaves the (binary) body to receiveLocalUpload.
const params = z.object({ key: z.array(z.string()) });

export const GET = route({ auth: 'none', params, summary: 'Download a stored file (local storage, signed link)', answer: storedFileAnswer }, (ctx, { key }, request) => serveLocalFile(key.join('/'), new URL(request.url).searchParams, ctx.now));
export const PUT = route({ auth: 'none', params, summary: 'Upload a file (local storage, signed link)' }, (ctx, { key }, request) => receiveLocalUpload(key.join('/'), request, ctx.now));
export const DELETE = route({ auth: 'none', params, summary: 'Delete an unattached upload (local storage, signed link)' }, (ctx, { key }, request) => removeLocalFile(key.join('/'), new URL(request.url).searchParams, ctx.now));
