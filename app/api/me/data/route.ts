import { jsonFileAnswer } from '@/lib/http/answers';
import { route } from '@/lib/http/route';
import { exportMyData } from '@/lib/me/export-my-data';

export const GET = route({ auth: 'user', answer: jsonFileAnswer }, exportMyData);
