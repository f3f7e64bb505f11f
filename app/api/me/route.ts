import { route } from '@/lib/http/route';
import { getMe } from '@/lib/me/get-me';

export const GET = route({}, getMe);
