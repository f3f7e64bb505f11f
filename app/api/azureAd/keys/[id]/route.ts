import { deleteDirectoryKey } from '@/lib/directory/delete-directory-key';
import { directoryKeyParams } from '@/lib/directory/directory-key-fields';
import { route } from '@/lib/http/route';

export const DELETE = route({ role: 'admin', params: directoryKeyParams }, deleteDirectoryKey);
