import { renameCompany, renameCompanyBody } from '@/lib/companies/rename-company';
import { route } from '@/lib/http/route';

export const PUT = route({ role: 'admin', body: renameCompanyBody }, renameCompany);
