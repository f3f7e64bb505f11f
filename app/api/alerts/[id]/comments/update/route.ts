import { alertIdParams } from '@/lib/alerts/find-visible-alert';
import { postUpdate, updateBody } from '@/lib/comments/post-update';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const POST = route({ params: alertIdParams, body: updateBody, status: 201 }, postUpdate);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
