import { getDashAnswers } from '@/lib/dashboard/get-dash-answers';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

// Admins: the dashboard's answers card, the newest active alerts that ask people to answer with their counts.
export const GET = route({ role: 'admin', summary: 'Answers to the active alerts that ask for them' }, getDashAnswers);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
