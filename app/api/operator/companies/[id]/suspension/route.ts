import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { operatorCompanyParams } from '@/lib/operators/company-for-operator';
import { liftSuspension } from '@/lib/operators/lift-suspension';
import { suspendCompany, suspendCompanyBody } from '@/lib/operators/suspend-company';

export const PUT = route({ auth: 'operator', params: operatorCompanyParams, body: suspendCompanyBody }, suspendCompany);
export const DELETE = route(
  { auth: 'operator', params: operatorCompanyParams, summary: 'Restore a suspended company' },
  liftSuspension,
);
export const { GET, POST, PATCH, OPTIONS } = otherMethods({ PUT, DELETE });
