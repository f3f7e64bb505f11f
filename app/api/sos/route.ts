import { route } from '@/lib/http/route';
import { sendSos, sendSosBody } from '@/lib/sos/send-sos';

export const POST = route({ body: sendSosBody, status: 201 }, sendSos);
