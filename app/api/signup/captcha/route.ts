import { route } from '@/lib/http/route';
import { createCaptchaChallenge } from '@/lib/signup/captcha';

export const GET = route({ auth: 'none' }, (_ctx, _input, request) => createCaptchaChallenge(request));
