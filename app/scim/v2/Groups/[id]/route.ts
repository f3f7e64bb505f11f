import { noContentAnswer } from '@/lib/http-parts/answers';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { deleteScimGroup } from '@/lib/scim/delete-scim-group';
import { getScimGroup } from '@/lib/scim/get-scim-group';
import { scimPatchBody } from '@/lib/scim/normalise-patch';
import { patchScimGroup } from '@/lib/scim/patch-scim-group';
import { replaceScimGroup } from '@/lib/scim/replace-scim-group';
import { scimGroupBody, scimGroupQuery } from '@/lib/scim/scim-group';
import { scimIdParams } from '@/lib/scim/scim-query';

export const GET = route({ auth: 'directory', params: scimIdParams, query: scimGroupQuery }, getScimGroup);
export const PUT = route({ auth: 'directory', params: scimIdParams, body: scimGroupBody }, replaceScimGroup);
export const PATCH = route({ auth: 'directory', params: scimIdParams, body: scimPatchBody }, patchScimGroup);
export const DELETE = route({ auth: 'directory', params: scimIdParams, answer: noContentAnswer }, deleteScimGroup);
export const { POST, OPTIONS } = otherMethods({ GET, PUT, PATCH, DELETE });
