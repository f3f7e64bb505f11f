import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { changeCompanyPlan, changeCompanyPlanBody } from '@/lib/operators/change-company-plan';
import { operatorCompanyParams } from '@/lib/operators/company-for-operator';
import { getCompany } from '@/lib/operators/get-company';

export const GET = route({ auth: 'operator', params: operatorCompanyParams }, getCompany);
export const PUT = route(
  {
    auth: 'operator',
    params: operatorCompanyParams,
    body: changeCompanyPlanBody,
    summary: "Set a company's plan, seats and features",
  },
  changeCompanyPlan,
);
export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
