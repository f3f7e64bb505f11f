import { route } from '@/lib/http/route';
import { createCaptchaChallenge } from '@/lib/signup/captcha';

export const GET = route(
  { auth: 'none', summary: 'A proof-of-work captcha challenge for sign-up', throttled: true },
  createCaptchaChallenge,
);
