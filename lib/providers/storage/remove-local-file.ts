import type { PublicCtx } from '@/lib/context';
import { authorizeFileLink, type FileLink } from './authorize-file-link';

/** DELETE /api/files/<key>?exp&sig: removes the file of a signed delete link (nothing happens when it is already gone). */
export async function removeLocalFile(ctx: PublicCtx, link: FileLink): Promise<Record<string, never>> {
  const { files } = authorizeFileLink('DELETE', link, ctx.now);
  await files.remove(link.key);
  return {};
}
