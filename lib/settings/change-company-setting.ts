import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { recordAudit } from '@/lib/audit/record-audit';
import type { Ctx } from '@/lib/context';
import { isSettingName, SETTINGS } from './setting-definitions';

export const settingParams = z.object({ name: z.string().min(1).max(100) });
export const settingBody = z.object({ value: z.json() });

/**
 * POST /api/customerSettings/{name}: one setting's new value, checked with that setting's schema (unknown name 404,
 * bad value 400 naming `value`), stored and recorded with who changed it, in one transaction. Answers the stored value.
 */
export async function changeCompanySetting(
  ctx: Ctx,
  input: z.output<typeof settingParams> & z.output<typeof settingBody>,
) {
  if (!isSettingName(input.name)) throw ApiError.notFound('The setting');
  const setting = SETTINGS[input.name];
  return ctx.db.$transaction(async (tx) => {
    await setting.store(tx, ctx, input.value);
    const value = await setting.read({ ...ctx, db: tx });
    await recordAudit(tx, {
      companyId: ctx.company.id,
      actorId: ctx.userId,
      action: 'setting.changed',
      entityType: 'setting',
      entityId: input.name,
      data: { value },
    });
    return { name: input.name, value };
  });
}
