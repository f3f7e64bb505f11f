import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { createCaptchaChallenge } from '@/lib/signup/create-captcha-challenge';

export const GET = route(
  { auth: 'none', summary: 'A proof-of-work captcha challenge for sign-up', throttled: true },
  createCaptchaChallenge,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
