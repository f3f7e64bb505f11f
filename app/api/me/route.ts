import { route } from '@/lib/http/route';
import { deleteMe, deleteMeBody } from '@/lib/me/delete-me';
import { getMe } from '@/lib/me/get-me';

export const GET = route({ auth: 'user' }, getMe);
export const DELETE = route({ auth: 'user', body: deleteMeBody }, deleteMe);
