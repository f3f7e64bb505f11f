import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { recordAudit } from '@/lib/audit/record-audit';
import { newToken } from '@/lib/auth/session-token';
import type { Ctx } from '@/lib/context';
import { lockCompany } from '@/lib/companies/seats';
import {
  DIRECTORY_KEY_PREFIX_LENGTH,
  directoryKeySelect,
  directoryKeyView,
  MAX_DIRECTORY_KEYS,
  type newDirectoryKeyBody,
} from './directory-key-fields';

/**
 * POST /api/azureAd/keys: a new key for the directory's provisioning (the bearer token of SCIM requests). The answer
 * holds the key this once; the database keeps only its SHA-256 and its first characters. At most 10 keys (400
 * `tooManyKeys`). Recorded with who created it.
 */
export async function createDirectoryKey(ctx: Ctx, input: z.output<typeof newDirectoryKeyBody>) {
  const { token: key, tokenHash: keyHash } = newToken();
  return ctx.db.$transaction(async (tx) => {
    // One creation at a time per company, so two at once cannot both pass the limit.
    await lockCompany(tx, ctx.company.id);
    if ((await tx.directoryKey.count({ where: { companyId: ctx.company.id } })) >= MAX_DIRECTORY_KEYS) {
      throw ApiError.badRequest(
        `A company has at most ${MAX_DIRECTORY_KEYS} directory keys. Delete one you no longer use`,
      ).with({ code: 'tooManyKeys' });
    }
    const row = await tx.directoryKey.create({
      data: {
        companyId: ctx.company.id,
        name: input.name || null,
        keyHash,
        keyPrefix: key.slice(0, DIRECTORY_KEY_PREFIX_LENGTH),
        createdById: ctx.userId,
      },
      select: directoryKeySelect,
    });
    await recordAudit(tx, {
      companyId: ctx.company.id,
      actorId: ctx.userId,
      action: 'directoryKey.created',
      entityType: 'directoryKey',
      entityId: row.id,
      data: { keyPrefix: row.keyPrefix, name: row.name },
    });
    return { ...directoryKeyView(row), key };
  });
}
