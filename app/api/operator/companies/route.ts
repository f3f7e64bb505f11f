import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { listCompanies, listCompaniesQuery } from '@/lib/operators/list-companies';

export const GET = route({ auth: 'operator', query: listCompaniesQuery }, listCompanies);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
