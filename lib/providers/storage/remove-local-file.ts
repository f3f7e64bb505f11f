import { authorizeFileLink } from './authorize-file-link';

/** DELETE /api/files/<key>?exp&sig: removes the file of a signed delete link (nothing happens when it is already gone). */
export async function removeLocalFile(key: string, query: URLSearchParams, now: Date): Promise<Record<string, never>> {
  const { files } = authorizeFileLink('DELETE', key, query, now);
  await files.remove(key);
  return {};
}
