import path from 'node:path';
import { parseArgs } from 'node:util';
import { env } from '@/lib/env';
import { makeBackup } from './lib/backup/make-backup';
import { runBackupCommand } from './lib/backup/run-backup-command';

// `npm run backup -- [<archive>] [--data-dir <folder>]`: the database, Redis's queued jobs, the stored files and the
// secret key of `npm start`'s data folder (default .data) or of DATABASE_URL / REDIS_URL, in one .tar.gz
// (scripts/lib/backup/make-backup.ts; docs/self-hosting.md, "Backups").

const log = (line: string) => console.log(`[tocsin] ${line}`);
const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

await runBackupCommand(async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'data-dir': { type: 'string', default: '.data' } },
  });
  const output = path.resolve(positionals[0] ?? `tocsin-backup-${stamp()}.tar.gz`);
  const manifest = await makeBackup({ dataDir: path.resolve(values['data-dir']), output, log });
  log(
    `Backed up to ${output}: the database at migration ${manifest.migration}, ${manifest.redisKeys} Redis keys, ` +
      `${manifest.storedFiles} stored files, ${manifest.dataFiles.join(', ') || 'no kept files'}.`,
  );
  if (manifest.storage === 's3')
    log(`The stored files are in the S3 bucket ${env.S3_BUCKET ?? ''}, not in this archive: back the bucket up too.`);
  if (env.SECRET_KEY)
    log('SECRET_KEY comes from the environment, so the archive lacks it: keep it with the archive, apart from it.');
  log('The archive holds every secret of this install: keep it as safe as the database itself.');
});
