import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { listMigrations } from '@/lib/db/apply-migrations';
import { BackupError } from './backup-error';
import { BACKUP_FORMAT, BACKUP_LAYOUT, backupManifest, type BackupManifest } from './backup-manifest';

/**
 * The manifest of an unpacked archive, refused when this code cannot restore it: not a Tocsin backup, a newer format,
 * or a database at a migration this code does not have (made by a newer Tocsin).
 */
export async function readBackupManifest(unpackedDir: string, migrationsDir: string): Promise<BackupManifest> {
  const file = path.join(unpackedDir, BACKUP_LAYOUT.manifest);
  if (!existsSync(file))
    throw new BackupError(`This archive is not a Tocsin backup: it has no ${BACKUP_LAYOUT.manifest}.`);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw new BackupError(`This archive is not a Tocsin backup: its ${BACKUP_LAYOUT.manifest} is not JSON.`);
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (typeof format === 'number' && format > BACKUP_FORMAT) {
    throw new BackupError(
      `This backup has format ${format}, newer than this Tocsin reads (${BACKUP_FORMAT}): restore it with the ` +
        `Tocsin version that made it (${String((json as { appVersion?: unknown }).appVersion)}) or a newer one.`,
    );
  }
  const parsed = backupManifest.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new BackupError(`This archive is not a Tocsin backup of a format this Tocsin reads (${problems}).`);
  }
  const manifest = parsed.data;
  const known = (await listMigrations(migrationsDir)).map((migration) => migration.name);
  if (!known.includes(manifest.migration)) {
    throw new BackupError(
      `This backup's database is at migration ${manifest.migration}, which this Tocsin does not have: it was made by ` +
        `a newer Tocsin (${manifest.appVersion}). Restore it with that version or a newer one, never with an older.`,
    );
  }
  return manifest;
}
