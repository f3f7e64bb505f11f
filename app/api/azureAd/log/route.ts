import { listDirectoryLog } from '@/lib/directory/list-directory-log';
import { route } from '@/lib/http/route';

export const GET = route({ role: 'admin' }, listDirectoryLog);
