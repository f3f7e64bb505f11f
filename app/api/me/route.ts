import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { deleteMe, deleteMeBody } from '@/lib/me/delete-me';
import { getMe } from '@/lib/me/get-me';

export const GET = route({ auth: 'user' }, getMe);
export const DELETE = route({ auth: 'user', body: deleteMeBody }, deleteMe);
export const { POST, PUT, PATCH, OPTIONS } = otherMethods({ GET, DELETE });
