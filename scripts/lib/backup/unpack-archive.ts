import { statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { extract } from 'tar';
import { BackupError } from './backup-error';

/** Unpacks a .tar.gz into `dir` (paths outside it are refused by tar); a missing or unreadable archive is a BackupError. */
export async function unpackArchive(file: string, dir: string): Promise<void> {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (!stats) throw new BackupError(`${file}: no such file.`);
  if (!stats.isFile()) throw new BackupError(`${file} is not a file.`);
  await mkdir(dir, { recursive: true });
  try {
    await extract({ file, cwd: dir, strict: true });
  } catch (error) {
    throw new BackupError(`${file} is not a Tocsin backup: it cannot be read as a .tar.gz archive (${String(error)}).`);
  }
}
