import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { microsoftSignInBody } from '@/lib/microsoft-sign-in/microsoft-sign-in-fields';
import { getMicrosoftSignIn } from '@/lib/microsoft-sign-in/get-microsoft-sign-in';
import { setMicrosoftSignIn } from '@/lib/microsoft-sign-in/set-microsoft-sign-in';

export const GET = route({ role: 'admin' }, getMicrosoftSignIn);
export const PUT = route({ role: 'admin', body: microsoftSignInBody }, setMicrosoftSignIn);
export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
