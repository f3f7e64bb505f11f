import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { sendSos, sendSosBody } from '@/lib/sos/send-sos';

export const POST = route({ body: sendSosBody, status: 201 }, sendSos);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
