import { createDirectoryKey } from '@/lib/directory/create-directory-key';
import { newDirectoryKeyBody } from '@/lib/directory/directory-key-fields';
import { listDirectoryKeys } from '@/lib/directory/list-directory-keys';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route({ role: 'admin' }, listDirectoryKeys);
export const POST = route({ role: 'admin', body: newDirectoryKeyBody, status: 201 }, createDirectoryKey);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
