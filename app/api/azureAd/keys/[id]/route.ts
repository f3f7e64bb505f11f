import { deleteDirectoryKey } from '@/lib/directory/delete-directory-key';
import { directoryKeyParams } from '@/lib/directory/directory-key-fields';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const DELETE = route({ role: 'admin', params: directoryKeyParams }, deleteDirectoryKey);
export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
