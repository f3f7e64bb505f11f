import { ApiError } from '@/lib/api-error';
import { hashToken } from '@/lib/auth/session-token';
import type { PublicCtx } from '@/lib/context';
import type { DirectoryCtx } from './directory-ctx';

/** lastUsedAt is written at most this often per key: a provisioning cycle sends many requests in a minute. */
const LAST_USED_PRECISION_MS = 60_000;

const unknownKey = () => new ApiError(401, ['The directory key is not valid'], { 'WWW-Authenticate': 'Bearer' });

/**
 * The company of a SCIM request, by its directory key (the bearer token): 401 for a missing, unknown or deleted key
 * (or a deleted company). The key's last use is recorded. Whether the integration is on is the caller's next check
 * (the request is logged from here on).
 */
export async function resolveDirectoryKey(
  base: PublicCtx,
  token: string | null,
): Promise<{ ctx: DirectoryCtx; enabled: boolean; suspended: boolean }> {
  if (!token) throw unknownKey();
  const key = await base.db.directoryKey.findUnique({
    where: { keyHash: hashToken(token) },
    select: {
      id: true,
      keyPrefix: true,
      company: {
        select: {
          id: true,
          name: true,
          plan: true,
          features: true,
          azureAdEnabled: true,
          deletedAt: true,
          suspendedAt: true,
        },
      },
    },
  });
  if (!key || key.company.deletedAt) throw unknownKey();
  await base.db.directoryKey.updateMany({
    where: {
      id: key.id,
      OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(base.now.getTime() - LAST_USED_PRECISION_MS) } }],
    },
    data: { lastUsedAt: base.now },
  });
  const { azureAdEnabled, deletedAt: _deletedAt, suspendedAt, ...company } = key.company;
  const ctx: DirectoryCtx = { ...base, company, directoryKey: { id: key.id, prefix: key.keyPrefix }, notes: [] };
  return { ctx, enabled: azureAdEnabled, suspended: suspendedAt !== null };
}
