import { z } from 'zod';
import { route } from '@/lib/http/route';
import { receiveLocalUpload } from '@/lib/providers/storage/receive-local-upload';
import { serveLocalFile } from '@/lib/providers/storage/serve-local-file';

// Files of the local storage driver. No bearer (img tags, direct uploads): the signed link is the authorisation.
// No body schema, so the wrapper leaves the (binary) body to receiveLocalUpload.
const params = z.object({ key: z.array(z.string()) });

export const GET = route({ auth: 'none', params }, (ctx, { key }, request) => serveLocalFile(key.join('/'), new URL(request.url).searchParams, ctx.now));
export const PUT = route({ auth: 'none', params }, (ctx, { key }, request) => receiveLocalUpload(key.join('/'), request, ctx.now));
