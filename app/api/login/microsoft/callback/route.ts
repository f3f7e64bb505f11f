import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { finishMicrosoftSignIn } from '@/lib/microsoft-sign-in/finish-microsoft-sign-in';
import { finishMicrosoftSignInBody } from '@/lib/microsoft-sign-in/microsoft-sign-in-fields';

export const POST = route({ auth: 'none', body: finishMicrosoftSignInBody, throttled: true }, finishMicrosoftSignIn);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
