import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { updateLocale, updateLocaleBody } from '@/lib/me/update-locale';

export const PUT = route({ auth: 'user', body: updateLocaleBody }, updateLocale);
export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
