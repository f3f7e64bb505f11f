import { z } from 'zod';
import type { UserCtx } from '@/lib/context';

export const personName = z.string().trim().min(3).max(100);
export const updateNameBody = z.object({ name: personName });

/** A person changes their own name; nobody else can (spec §5). */
export async function updateName(ctx: UserCtx, input: z.output<typeof updateNameBody>) {
  const user = await ctx.db.user.update({
    where: { id: ctx.userId },
    data: { name: input.name },
    select: { id: true, name: true },
  });
  return user;
}
