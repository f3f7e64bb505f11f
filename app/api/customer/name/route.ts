import { renameCompany, renameCompanyBody } from '@/lib/companies/rename-company';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const PUT = route({ role: 'admin', body: renameCompanyBody }, renameCompany);
export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
