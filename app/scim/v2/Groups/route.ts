import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { createScimGroup } from '@/lib/scim/create-scim-group';
import { listScimGroups } from '@/lib/scim/list-scim-groups';
import { scimGroupBody } from '@/lib/scim/scim-group';
import { scimListQuery } from '@/lib/scim/scim-query';

export const GET = route({ auth: 'directory', query: scimListQuery }, listScimGroups);
export const POST = route({ auth: 'directory', body: scimGroupBody, status: 201 }, createScimGroup);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
