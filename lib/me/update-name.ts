import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { UserCtx } from '@/lib/context';

export const personName = z.string().trim().min(3).max(100);
export const updateNameBody = z.object({ name: personName });

/** The person's name comes from a directory: they are a managed member of a company (spec §6). */
export async function nameIsManaged(ctx: Pick<UserCtx, 'db' | 'userId'>): Promise<boolean> {
  const managed = await ctx.db.membership.findFirst({
    where: { userId: ctx.userId, managed: true, deletedAt: null, company: { deletedAt: null } },
    select: { id: true },
  });
  return managed !== null;
}

/**
 * A person changes their own name; nobody else can (spec §5). Not while a directory provides it: Microsoft Entra ID
 * would put its own back at its next change, and the spec keeps managed members read-only in the product.
 */
export async function updateName(ctx: UserCtx, input: z.output<typeof updateNameBody>) {
  if (await nameIsManaged(ctx))
    throw ApiError.forbidden(
      'Your name comes from your company’s directory (Microsoft Entra ID): change it there',
    ).with({
      code: 'managed',
    });
  const user = await ctx.db.user.update({
    where: { id: ctx.userId },
    data: { name: input.name },
    select: { id: true, name: true },
  });
  return user;
}
