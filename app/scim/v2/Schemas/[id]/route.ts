import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { getScimSchema } from '@/lib/scim/get-scim-schema';
import { scimIdParams } from '@/lib/scim/scim-query';

export const GET = route({ auth: 'directory', params: scimIdParams }, getScimSchema);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
