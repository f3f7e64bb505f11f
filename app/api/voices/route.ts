import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { listVoices, voicesQuery } from '@/lib/voice/list-voices';

export const GET = route({ role: 'admin', query: voicesQuery }, listVoices);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
