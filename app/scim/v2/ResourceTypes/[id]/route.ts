import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { getScimResourceType } from '@/lib/scim/get-scim-resource-type';
import { scimIdParams } from '@/lib/scim/scim-query';

export const GET = route({ auth: 'directory', params: scimIdParams }, getScimResourceType);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
