import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { startMicrosoftSignInBody } from '@/lib/microsoft-sign-in/microsoft-sign-in-fields';
import { startMicrosoftSignIn } from '@/lib/microsoft-sign-in/start-microsoft-sign-in';

export const POST = route({ auth: 'none', body: startMicrosoftSignInBody, throttled: true }, startMicrosoftSignIn);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
