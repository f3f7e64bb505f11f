import path from 'node:path';
import { applyMigrations } from '@/lib/db/apply-migrations';
import { env, required } from '@/lib/env';
import { installationKeyring } from '@/lib/secrets/secret-box';
import { reencryptSecrets } from './lib/reencrypt-secrets';

const databaseUrl = required('DATABASE_URL');
const result = await applyMigrations(databaseUrl, path.resolve('prisma/migrations'));
console.log(
  result.applied.length
    ? `Applied ${result.applied.length} migration(s): ${result.applied.join(', ')}`
    : `Database is up to date (${result.alreadyApplied} migration(s) applied).`,
);
// Stored secrets encrypted with SECRET_KEY (docker compose's migrate service always has it). Without one, this script
// does not guess the key the server will use (`npm start` keeps its own in .data/secret-key and does this itself).
if (env.SECRET_KEY) {
  await reencryptSecrets(databaseUrl, installationKeyring(), (line) => console.log(line));
} else {
  console.log('SECRET_KEY is not set: stored secrets are encrypted by the server as it reads them.');
}
