import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { updateName, updateNameBody } from '@/lib/me/update-name';

export const PUT = route({ auth: 'user', body: updateNameBody }, updateName);
export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
