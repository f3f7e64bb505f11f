import { jsonFileAnswer } from '@/lib/http-parts/answers';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { exportMyData } from '@/lib/me/export-my-data';

export const GET = route({ auth: 'user', answer: jsonFileAnswer }, exportMyData);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
