import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { changeCompanySetting, settingBody, settingParams } from '@/lib/settings/change-company-setting';

export const POST = route({ role: 'admin', params: settingParams, body: settingBody }, changeCompanySetting);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
