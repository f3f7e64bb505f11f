import { alertIdParams } from '@/lib/alerts/find-visible-alert';
import { postUpdate, updateBody } from '@/lib/comments/post-update';
import { route } from '@/lib/http/route';

export const POST = route({ params: alertIdParams, body: updateBody, status: 201 }, postUpdate);
