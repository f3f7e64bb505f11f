import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { UserCtx } from '@/lib/context';

export const personName = z.string().trim().min(3).max(100);
export const updateNameBody = z.object({ name: personName });

/**
 * The person's name comes from a directory: the account is one that a company's directory made and manages (spec §6).
 * A person's own account joined by a directory's invitation keeps a name of their own.
 */
export async function nameIsManaged(ctx: Pick<UserCtx, 'db' | 'userId'>): Promise<boolean> {
  const owned = await ctx.db.user.findFirst({
    where: { id: ctx.userId, directoryCompanyId: { not: null } },
    select: { id: true },
  });
  return owned !== null;
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
