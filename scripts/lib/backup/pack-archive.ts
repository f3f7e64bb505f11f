import { createWriteStream } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { create } from 'tar';

/**
 * The folder's content as one .tar.gz at `file` (mode 600: it holds the secret key), written beside it first and
 * renamed when complete, so `file` is never a part of an archive.
 */
export async function packArchive(dir: string, file: string): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await pipeline(
      create({ gzip: true, cwd: dir, portable: true }, await readdir(dir)),
      createWriteStream(partial, { mode: 0o600 }),
    );
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}
