import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { schemaList } from '@/lib/scim/scim-schemas';

export const GET = route({ auth: 'directory' }, schemaList);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
