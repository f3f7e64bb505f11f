import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { getSosContacts } from '@/lib/sos/get-sos-contacts';
import { replaceSosContacts, replaceSosContactsBody } from '@/lib/sos/replace-sos-contacts';

export const GET = route({}, getSosContacts);
export const PUT = route({ body: replaceSosContactsBody }, replaceSosContacts);
export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
