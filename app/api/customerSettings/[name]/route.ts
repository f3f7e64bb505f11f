import { route } from '@/lib/http/route';
import { changeCompanySetting, settingBody, settingParams } from '@/lib/settings/change-company-setting';

export const POST = route({ role: 'admin', params: settingParams, body: settingBody }, changeCompanySetting);
