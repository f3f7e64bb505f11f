import type { z } from 'zod';
import type { PublicCtx } from '@/lib/context';
import type { TwilioWebhook } from '@/lib/providers/twilio/read-twilio-webhook';
import { applyProviderStatus } from './apply-provider-status';
import type { receiptKeyInQuery } from './read-receipt-key';
import { callStatusState, messageStatusState } from './twilio-status';

/** Twilio's status callback of an alert SMS or call (POST, form-encoded, signed; the URL names the receipt). */
export async function receiveTwilioStatus(
  ctx: PublicCtx,
  { form, receiptKey }: TwilioWebhook & z.output<typeof receiptKeyInQuery>,
  kind: 'sms' | 'call',
): Promise<void> {
  const providerId = kind === 'sms' ? form.MessageSid : form.CallSid;
  const state = kind === 'sms' ? messageStatusState(form.MessageStatus) : callStatusState(form.CallStatus);
  if (providerId && state) {
    const reason = form.ErrorCode
      ? `Twilio error ${form.ErrorCode}`
      : `Twilio status ${kind === 'sms' ? form.MessageStatus : form.CallStatus}`;
    await applyProviderStatus(
      ctx.db,
      { providerId, key: receiptKey },
      state,
      ctx.now,
      state === 'failed' ? reason : null,
    );
  }
}
