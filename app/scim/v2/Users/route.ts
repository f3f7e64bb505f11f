import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { createScimUser } from '@/lib/scim/create-scim-user';
import { listScimUsers } from '@/lib/scim/list-scim-users';
import { scimListQuery } from '@/lib/scim/scim-query';
import { scimUserBody } from '@/lib/scim/scim-user';

export const GET = route({ auth: 'directory', query: scimListQuery }, listScimUsers);
export const POST = route({ auth: 'directory', body: scimUserBody, status: 201 }, createScimUser);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
