import { copyFile, link, mkdir, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Every stored file under `from` that `to` lacks, as a hard link (a copy across file systems): a link keeps the bytes
 * even when the app removes or replaces the file afterwards (the local driver writes by rename, never in place). Uploads
 * still being written (`.tmp/`) are left out. Answers how many stored files `to` holds (their `.meta/` not counted).
 */
export async function linkStoredFiles(from: string, to: string): Promise<number> {
  if (!existsSync(from)) return 0;
  let count = 0;
  for (const entry of await readdir(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(from, path.join(entry.parentPath, entry.name));
    const top = relative.split(path.sep)[0];
    if (top === '.tmp') continue;
    const counted = top === '.meta' ? 0 : 1;
    count += counted;
    const target = path.join(to, relative);
    if (existsSync(target)) continue;
    await mkdir(path.dirname(target), { recursive: true });
    const source = path.join(from, relative);
    try {
      await link(source, target).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EXDEV' || error.code === 'EPERM') return copyFile(source, target);
        throw error;
      });
    } catch (error) {
      // Removed since the folder was listed: the database the backup holds no longer names it either.
      if (!isMissing(error)) throw error;
      count -= counted;
    }
  }
  return count;
}
