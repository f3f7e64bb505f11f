import { route } from '@/lib/http/route';
import { microsoftSignInBody } from '@/lib/microsoft-sign-in/microsoft-sign-in-fields';
import { getMicrosoftSignIn, setMicrosoftSignIn } from '@/lib/microsoft-sign-in/microsoft-sign-in-settings';

export const GET = route({ role: 'admin' }, getMicrosoftSignIn);
export const PUT = route({ role: 'admin', body: microsoftSignInBody }, setMicrosoftSignIn);
