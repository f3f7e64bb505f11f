import { companyIdParams, getCompanyName } from '@/lib/companies/get-company-name';
import { route } from '@/lib/http/route';

export const GET = route({ auth: 'user', params: companyIdParams }, getCompanyName);
