import type { DirectoryCtx } from './directory-ctx';
import type { Prisma } from '@/lib/generated/prisma/client';
import { logger } from '@/lib/logger';

/** The provisioning log keeps this many of a company's newest requests. */
export const DIRECTORY_LOG_SIZE = 1000;

export type DirectoryOperation = 'create' | 'get' | 'list' | 'replace' | 'patch' | 'delete' | 'discovery';

const RESOURCE_TYPES: Record<string, 'User' | 'Group'> = { users: 'User', groups: 'Group' };

/** What a SCIM request did, by its method and path: /scim/v2/Users/{id}, /scim/v2/Groups, /scim/v2/Schemas… */
export function describeScimRequest(method: string, url: string) {
  const [collection, id] = new URL(url).pathname.split('/').slice(3);
  const resourceType = RESOURCE_TYPES[collection?.toLowerCase() ?? ''] ?? null;
  const byMethod: Record<string, DirectoryOperation> = {
    GET: id ? 'get' : 'list',
    POST: 'create',
    PUT: 'replace',
    PATCH: 'patch',
    DELETE: 'delete',
  };
  const operation: DirectoryOperation = resourceType ? (byMethod[method] ?? 'get') : 'discovery';
  return { operation, resourceType, resourceId: resourceType && id ? decodeURIComponent(id) : null };
}

function idOf(result: unknown): string | null {
  const id = (result as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : null;
}

/**
 * Writes one line of the provisioning log (GET /api/azureAd/log) and drops the company's lines beyond the newest
 * DIRECTORY_LOG_SIZE (one index range scan). A failure to log is logged, never the request's failure.
 */
export async function recordDirectoryRequest(
  ctx: DirectoryCtx,
  request: Request,
  outcome: { status: number; scimType: string | null; result?: unknown },
): Promise<void> {
  const described = describeScimRequest(request.method, request.url);
  try {
    await ctx.db.directoryRequest.create({
      data: {
        companyId: ctx.company.id,
        keyId: ctx.directoryKey.id,
        keyPrefix: ctx.directoryKey.prefix,
        at: ctx.now,
        method: request.method,
        operation: described.operation,
        resourceType: described.resourceType,
        resourceId: described.resourceId ?? (described.resourceType ? idOf(outcome.result) : null),
        status: outcome.status,
        scimType: outcome.scimType,
        notes: ctx.notes as unknown as Prisma.InputJsonValue,
      },
    });
    await ctx.db.$executeRaw`
      DELETE FROM "DirectoryRequest" WHERE "companyId" = ${ctx.company.id}::uuid AND "at" < (
        SELECT "at" FROM "DirectoryRequest" WHERE "companyId" = ${ctx.company.id}::uuid
        ORDER BY "at" DESC OFFSET ${DIRECTORY_LOG_SIZE - 1} LIMIT 1)`;
  } catch (error) {
    logger.warn('the provisioning log could not be written', { requestId: ctx.requestId, error });
  }
}
