import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { signUp, signUpBody } from '@/lib/signup/sign-up';

export const POST = route(
  {
    auth: 'none',
    summary: 'Sign up a company and its first admin',
    body: signUpBody,
    status: 201,
    throttled: true,
  },
  signUp,
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
