import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { getSignUpPolicy } from '@/lib/instance/get-sign-up-policy';

export const GET = route({ auth: 'none', summary: 'Who may sign up a company on this install' }, getSignUpPolicy);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
