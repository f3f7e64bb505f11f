import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { resendConfirmation, resendConfirmationBody } from '@/lib/signup/resend-confirmation';

export const POST = route(
  {
    auth: 'none',
    summary: 'Send the confirmation e-mail of a waiting sign-up again (the same answer for any e-mail)',
    body: resendConfirmationBody,
    status: 202,
    throttled: true,
  },
  resendConfirmation,
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
