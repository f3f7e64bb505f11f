import type { Ctx } from '@/lib/context';
import { directoryKeySelect, directoryKeyView } from './directory-key-fields';

/** GET /api/azureAd/keys: the company's directory keys, newest first, by their prefix (the keys are not kept). */
export async function listDirectoryKeys(ctx: Ctx) {
  const rows = await ctx.db.directoryKey.findMany({
    where: { companyId: ctx.company.id },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: directoryKeySelect,
  });
  return rows.map(directoryKeyView);
}
