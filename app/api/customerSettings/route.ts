import { route } from '@/lib/http/route';
import { getCompanySettings } from '@/lib/settings/get-company-settings';

export const GET = route({ role: 'admin' }, getCompanySettings);
