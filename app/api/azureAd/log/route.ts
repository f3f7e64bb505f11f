import { listDirectoryLog } from '@/lib/directory/list-directory-log';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route({ role: 'admin' }, listDirectoryLog);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
