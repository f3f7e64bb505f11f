import { runEntry, stopProcess } from '@/scripts/lib/processes';

export interface PostgresProcess {
  /** The connection string of a database on this Postgres. */
  url: (database: string) => string;
  /** Stops Postgres (fast shutdown) and waits for it. */
  stop: () => Promise<void>;
}

/** Postgres (scripts/lib/postgres-server.ts, persistent, fsync on) on the given folder and port, once it is ready. */
export async function startPostgresProcess(
  dataDir: string,
  port: number,
  timeoutMs = 60_000,
): Promise<PostgresProcess> {
  const child = runEntry('postgres', 'tests/helpers/postgres-entry.ts', [dataDir, String(port)], process.env);
  const adminUrl = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Postgres was not ready in ${timeoutMs} ms:\n${seen}`)), timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const ready = /postgres ready (\S+)/.exec(seen);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`Postgres exited (${code}) before it was ready:\n${seen}`)));
  });
  const url = (database: string) => {
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${database}`;
    return parsed.toString();
  };
  return { url, stop: () => stopProcess(child, 30_000) };
}
