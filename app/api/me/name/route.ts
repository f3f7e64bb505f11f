import { route } from '@/lib/http/route';
import { updateName, updateNameBody } from '@/lib/me/update-name';

export const PUT = route({ auth: 'user', body: updateNameBody }, updateName);
