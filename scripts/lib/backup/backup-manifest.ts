import { z } from 'zod';

/** The archive's format; restore refuses a newer one. Raise it when the layout below changes in a way older code misreads. */
export const BACKUP_FORMAT = 1;

/** Where each part lies inside the archive. */
export const BACKUP_LAYOUT = {
  manifest: 'manifest.json',
  /** One COPY text file per table, and dump.json naming them and the sequences (scripts/lib/backup/dump-database.ts). */
  database: 'database',
  /** The Redis keys under QUEUE_PREFIX, one JSON line each (scripts/lib/backup/dump-redis-keys.ts). */
  redisKeys: 'redis-keys.ndjson',
  /** The local storage driver's folder (STORAGE_DIR). */
  files: 'files',
  /** The files of `.data/` below. */
  data: 'data',
} as const;

/**
 * The files `npm start` keeps in `.data/` besides the services' data: the key the database's secrets are encrypted
 * with, the VAPID pair browsers subscribed with, and the demo login. Not `database-url` / `redis-url`: they name the
 * services of one run.
 */
export const KEPT_DATA_FILES = ['secret-key', 'vapid-keys.json', 'demo-login.json'] as const;

export const backupManifest = z.object({
  format: z.number().int().positive(),
  app: z.literal('tocsin'),
  appVersion: z.string(),
  createdAt: z.iso.datetime(),
  /** The last migration applied to the database: the schema its rows fit. */
  migration: z.string().min(1),
  queuePrefix: z.string(),
  redisVersion: z.string(),
  redisKeys: z.number().int().nonnegative(),
  /** `local`: the files are in the archive; `s3`: in the bucket, which is backed up by its own means. */
  storage: z.enum(['local', 's3']),
  storedFiles: z.number().int().nonnegative(),
  dataFiles: z.array(z.enum(KEPT_DATA_FILES)),
});
export type BackupManifest = z.infer<typeof backupManifest>;
