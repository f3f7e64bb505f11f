import type { Ctx } from '@/lib/context';

/** GET /api/azureAd/enabled: whether the directory may provision the company (SCIM answers 403 while it is off). */
export async function getDirectoryEnabled(ctx: Ctx) {
  const { azureAdEnabled } = await ctx.db.company.findUniqueOrThrow({
    where: { id: ctx.company.id },
    select: { azureAdEnabled: true },
  });
  return { enabled: azureAdEnabled };
}
