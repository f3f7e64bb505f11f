import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { visibleAlertsWhere } from './visible-alerts';

/** `{id}` of the alert routes; any string, so that a malformed id is a 404 like an unknown one (not a 400). */
export const alertIdParams = z.object({ id: z.string() });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Found<S extends Prisma.AlertSelect | undefined> = S extends Prisma.AlertSelect
  ? Prisma.AlertGetPayload<{ select: S }>
  : Prisma.AlertGetPayload<object>;

/**
 * The alert if the caller may see it; 404 "The alert was not found" for a malformed or unknown id, another company's
 * alert, and one the caller may not see (its existence is not revealed).
 */
export async function findVisibleAlert<S extends Prisma.AlertSelect | undefined = undefined>(
  ctx: Pick<Ctx, 'db' | 'company' | 'userId' | 'role'>,
  id: string,
  select?: S,
  client: DbClient = ctx.db,
): Promise<Found<S>> {
  const notFound = ApiError.notFound('The alert');
  if (!UUID.test(id)) throw notFound;
  const alert = await client.alert.findFirst({
    where: { AND: [{ id }, visibleAlertsWhere(ctx)] },
    ...(select ? { select } : {}),
  });
  if (!alert) throw notFound;
  return alert as Found<S>;
}
