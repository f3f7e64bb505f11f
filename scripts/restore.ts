import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError } from './lib/backup/backup-error';
import { restoreBackup } from './lib/backup/restore-backup';
import { runBackupCommand } from './lib/backup/run-backup-command';

// `npm run restore -- <archive> [--data-dir <folder>] [--force]`: an archive of `npm run backup` into an empty data
// folder (default .data) or the empty services DATABASE_URL / REDIS_URL name (scripts/lib/backup/restore-backup.ts;
// docs/self-hosting.md, "Backups").

const USAGE = 'Usage: npm run restore -- <archive.tar.gz> [--data-dir <folder>] [--force]';
const log = (line: string) => console.log(`[tocsin] ${line}`);

await runBackupCommand(async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'data-dir': { type: 'string', default: '.data' }, force: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) throw new BackupError(USAGE);
  const dataDir = path.resolve(values['data-dir']);
  const result = await restoreBackup({ archive: path.resolve(positionals[0]), dataDir, force: values.force, log });
  for (const moved of result.movedAside) log(`Moved what was there aside to ${moved}.`);
  const { manifest } = result;
  log(
    `Restored the backup of ${manifest.createdAt} (Tocsin ${manifest.appVersion}, database at ${manifest.migration}): ` +
      `${manifest.redisKeys} Redis keys, ${manifest.storedFiles} stored files.`,
  );
  if (result.newerMigrations)
    log(`This Tocsin has ${result.newerMigrations} newer migrations: npm start (or npm run migrate) applies them.`);
  if (manifest.storage === 's3') log('The stored files were in an S3 bucket: restore the bucket by its own means.');
});
