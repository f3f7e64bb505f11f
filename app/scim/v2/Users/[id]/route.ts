import { noContentAnswer } from '@/lib/http-parts/answers';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { deleteScimUser } from '@/lib/scim/delete-scim-user';
import { getScimUser } from '@/lib/scim/get-scim-user';
import { scimPatchBody } from '@/lib/scim/normalise-patch';
import { patchScimUser } from '@/lib/scim/patch-scim-user';
import { replaceScimUser } from '@/lib/scim/replace-scim-user';
import { scimIdParams } from '@/lib/scim/scim-query';
import { scimUserBody } from '@/lib/scim/scim-user';

export const GET = route({ auth: 'directory', params: scimIdParams }, getScimUser);
export const PUT = route({ auth: 'directory', params: scimIdParams, body: scimUserBody }, replaceScimUser);
export const PATCH = route({ auth: 'directory', params: scimIdParams, body: scimPatchBody }, patchScimUser);
export const DELETE = route({ auth: 'directory', params: scimIdParams, answer: noContentAnswer }, deleteScimUser);
export const { POST, OPTIONS } = otherMethods({ GET, PUT, PATCH, DELETE });
