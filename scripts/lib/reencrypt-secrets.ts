import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { reencryptStoredSecrets, reencryptionReport } from '@/lib/secrets/reencrypt-stored-secrets';
import type { Keyring } from '@/lib/secrets/secret-box';

/**
 * After the migrations: every stored secret encrypted with the keyring's current key (SECRET_KEY), from plain text or
 * from SECRET_KEY_PREVIOUS (lib/secrets/reencrypt-stored-secrets.ts). Values no key opens are logged one by one (JSON
 * lines on stderr) and counted in the report; they do not stop the start.
 */
export async function reencryptSecrets(databaseUrl: string, keyring: Keyring, log: (line: string) => void) {
  const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: 2 }) });
  try {
    const result = await reencryptStoredSecrets(client, keyring);
    for (const line of reencryptionReport(result, keyring)) log(line);
    return result;
  } finally {
    await client.$disconnect();
  }
}
