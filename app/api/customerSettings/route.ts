import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { getCompanySettings } from '@/lib/settings/get-company-settings';

export const GET = route({ role: 'admin' }, getCompanySettings);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
