import type { PrismaClient } from '@/lib/generated/prisma/client';
import { logUnreadableSecret } from './open-stored-secret';
import {
  openSecret,
  sealSecret,
  sealedPrefix,
  UnreadableSecretError,
  type Keyring,
  type SecretPurpose,
} from './secret-box';

interface StoredRow {
  id: string;
  stored: string;
}

/** A column that holds secrets encrypted at rest. */
interface SecretColumn {
  column: string;
  purpose: SecretPurpose;
  /** Up to `take` rows after `after` (by id) whose value is set and not encrypted with the key of `currentPrefix`. */
  page: (client: PrismaClient, currentPrefix: string, after: string | null, take: number) => Promise<StoredRow[]>;
  /** Stores `sealed` where the row still holds `stored`; true when it did. */
  replace: (client: PrismaClient, row: StoredRow, sealed: string) => Promise<boolean>;
}

const after = (id: string | null) => (id === null ? {} : { gt: id });

/** Every column of secrets encrypted at rest (lib/secrets/secret-box.ts). */
const SECRET_COLUMNS: SecretColumn[] = [
  {
    column: 'User.totpSecret',
    purpose: 'totp',
    page: async (client, prefix, last, take) =>
      (
        await client.user.findMany({
          where: { id: after(last), totpSecret: { not: null }, NOT: { totpSecret: { startsWith: prefix } } },
          orderBy: { id: 'asc' },
          take,
          select: { id: true, totpSecret: true },
        })
      ).map((row) => ({ id: row.id, stored: row.totpSecret as string })),
    replace: async (client, row, sealed) =>
      (await client.user.updateMany({ where: { id: row.id, totpSecret: row.stored }, data: { totpSecret: sealed } }))
        .count === 1,
  },
  {
    column: 'User.totpPendingSecret',
    purpose: 'totp',
    page: async (client, prefix, last, take) =>
      (
        await client.user.findMany({
          where: {
            id: after(last),
            totpPendingSecret: { not: null },
            NOT: { totpPendingSecret: { startsWith: prefix } },
          },
          orderBy: { id: 'asc' },
          take,
          select: { id: true, totpPendingSecret: true },
        })
      ).map((row) => ({ id: row.id, stored: row.totpPendingSecret as string })),
    replace: async (client, row, sealed) =>
      (
        await client.user.updateMany({
          where: { id: row.id, totpPendingSecret: row.stored },
          data: { totpPendingSecret: sealed },
        })
      ).count === 1,
  },
  {
    column: 'MicrosoftSignIn.clientSecret',
    purpose: 'microsoft-client-secret',
    page: async (client, prefix, last, take) =>
      (
        await client.microsoftSignIn.findMany({
          where: { companyId: after(last), clientSecret: { not: null }, NOT: { clientSecret: { startsWith: prefix } } },
          orderBy: { companyId: 'asc' },
          take,
          select: { companyId: true, clientSecret: true },
        })
      ).map((row) => ({ id: row.companyId, stored: row.clientSecret as string })),
    replace: async (client, row, sealed) =>
      (
        await client.microsoftSignIn.updateMany({
          where: { companyId: row.id, clientSecret: row.stored },
          data: { clientSecret: sealed },
        })
      ).count === 1,
  },
];

const PAGE = 500;

export interface ReencryptionResult {
  /** Values that were stored in plain text (written before encryption), now encrypted with SECRET_KEY. */
  fromPlaintext: number;
  /** Values that were encrypted with SECRET_KEY_PREVIOUS, now with SECRET_KEY. */
  fromPrevious: number;
  /** Values no key opens, each logged with its column, row and reason; they are left as they are. */
  unreadable: number;
}

/**
 * Encrypts every stored secret with the keyring's current key (SECRET_KEY) that is not yet: values stored in plain text
 * before encryption and values encrypted with SECRET_KEY_PREVIOUS. Run after the migrations (`npm run migrate`, the
 * migrate service of docker compose, `npm start`); the web server and the worker do the same for each value they read.
 * A row changed meanwhile is left to its new value. Values no key opens are logged for the operator and left alone.
 */
export async function reencryptStoredSecrets(client: PrismaClient, keyring: Keyring): Promise<ReencryptionResult> {
  const result: ReencryptionResult = { fromPlaintext: 0, fromPrevious: 0, unreadable: 0 };
  const prefix = sealedPrefix(keyring.current);
  for (const column of SECRET_COLUMNS) {
    let last: string | null = null;
    for (;;) {
      const rows = await column.page(client, prefix, last, PAGE);
      for (const row of rows) {
        try {
          const opened = openSecret(row.stored, column.purpose, keyring);
          if (opened.storedAs === 'current') continue;
          if (await column.replace(client, row, sealSecret(opened.value, column.purpose, keyring))) {
            result[opened.storedAs === 'plaintext' ? 'fromPlaintext' : 'fromPrevious'] += 1;
          }
        } catch (error) {
          if (!(error instanceof UnreadableSecretError)) throw error;
          logUnreadableSecret({ column: column.column, id: row.id }, error);
          result.unreadable += 1;
        }
      }
      if (rows.length < PAGE) break;
      last = rows[rows.length - 1].id;
    }
  }
  return result;
}

/** The lines that tell the operator what `reencryptStoredSecrets` did; none when there was nothing to do. */
export function reencryptionReport(result: ReencryptionResult, keyring: Keyring): string[] {
  const lines: string[] = [];
  if (result.fromPlaintext > 0) {
    lines.push(`Encrypted ${result.fromPlaintext} stored secret(s) kept in plain text until now with SECRET_KEY.`);
  }
  if (result.fromPrevious > 0) {
    lines.push(`Encrypted ${result.fromPrevious} stored secret(s) again, from SECRET_KEY_PREVIOUS to SECRET_KEY.`);
  }
  if (result.unreadable > 0) {
    lines.push(
      `${result.unreadable} stored secret(s) cannot be decrypted with SECRET_KEY or SECRET_KEY_PREVIOUS (listed ` +
        'above): those two-step verifications and Microsoft sign-ins fail until the key they were encrypted with is ' +
        'set as SECRET_KEY_PREVIOUS (docs/self-hosting.md#secret-key).',
    );
  }
  if (keyring.previous) {
    lines.push(
      'No stored secret is encrypted with SECRET_KEY_PREVIOUS any more: remove it once every web and worker process ' +
        'runs with the new SECRET_KEY.',
    );
  }
  return lines;
}
