import { companyIdParams, getCompanyName } from '@/lib/companies/get-company-name';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route({ auth: 'user', params: companyIdParams }, getCompanyName);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
