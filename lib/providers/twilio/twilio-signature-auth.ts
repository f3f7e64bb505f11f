import type { PublicCtx } from '@/lib/context';
import { type AuthKind, productFailure } from '@/lib/http-parts/auth-kind';
import { readTwilioWebhook, type TwilioWebhook } from './read-twilio-webhook';

/**
 * `auth: 'twilioSignature'`: a callback of Twilio (status, key press, inbound SMS), let in by its X-Twilio-Signature
 * over the URL on PUBLIC_URL and the posted form (403 otherwise, nothing changed). The form joins the operation's input.
 */
export const twilioSignatureAuth: AuthKind<PublicCtx, Record<never, never>, TwilioWebhook> = {
  authenticate: async ({ request, base }) => ({ ctx: base, input: { form: await readTwilioWebhook(request) } }),
  fail: productFailure,
  document: {
    access: () => 'Signed by Twilio (X-Twilio-Signature over the URL and the form); no session.',
    noBearer: true,
    refusals: { '403': { $ref: '#/components/responses/Error' } },
    bodyType: 'application/x-www-form-urlencoded',
  },
};
