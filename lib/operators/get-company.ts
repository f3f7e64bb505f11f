import type { z } from 'zod';
import type { OperatorCtx } from '@/lib/context';
import { findCompanyForOperator, type operatorCompanyParams } from './company-for-operator';

/** One company as its operators see it (GET /api/operator/companies/{id}). */
export function getCompany(ctx: OperatorCtx, { id }: z.output<typeof operatorCompanyParams>) {
  return findCompanyForOperator(ctx.db, id);
}
