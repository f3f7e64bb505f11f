import { Redis } from 'ioredis';
import { startAppServer, type AppServer } from './app-server';
import { createDatabase, databaseUrlOf, dropDatabase, recreateDatabase } from './databases';

// API test files that need no settings of their own share one server per jest worker instead of starting one each
// (a production server takes seconds to start). Each file still gets a clean database: the worker's database is made
// anew from the migrated template before the file (tests/helpers/api-test-context.ts), and its queues are emptied.

export const SHARED_API_SERVERS = 'TEST_SHARED_API_SERVERS';

export interface SharedApiServer {
  url: string;
  queuePrefix: string;
  database: string;
}

export interface SharedApiServers {
  /** The variable that tells test files (by JEST_WORKER_ID) which server is theirs. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/** `count` servers, the n-th for jest worker n, each on a database of its own; `services` as from startTestServices. */
export async function startSharedApiServers(
  services: Record<string, string>,
  count: number,
): Promise<SharedApiServers> {
  const adminUrl = services.TEST_ADMIN_DATABASE_URL;
  const started: { server: AppServer; database: string }[] = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const database = `api_worker_${index + 1}`;
      await createDatabase(adminUrl, database, services.TEST_TEMPLATE_DATABASE);
      const server = await startAppServer({
        databaseUrl: databaseUrlOf(adminUrl, database),
        redisUrl: services.TEST_REDIS_URL,
      });
      return { server, database };
    }),
  );
  const servers: SharedApiServer[] = started.map(({ server, database }) => ({
    url: server.url,
    queuePrefix: server.queuePrefix,
    database,
  }));
  return {
    env: { [SHARED_API_SERVERS]: JSON.stringify(servers) },
    stop: async () => {
      await Promise.all(started.map(({ server }) => server.stop()));
      await Promise.all(started.map(({ database }) => dropDatabase(adminUrl, database)));
    },
  };
}

/** Makes the shared server's database and queues as a fresh server's would be: for the next test file. */
export async function resetSharedApiServer(
  server: SharedApiServer,
  services: { adminUrl: string; template: string; redisUrl: string },
): Promise<void> {
  await recreateDatabase(services.adminUrl, server.database, services.template);
  const redis = new Redis(services.redisUrl, { maxRetriesPerRequest: 1 });
  try {
    for await (const keys of redis.scanStream({ match: `${server.queuePrefix}:*`, count: 500 })) {
      if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
    }
  } finally {
    redis.disconnect();
  }
}
