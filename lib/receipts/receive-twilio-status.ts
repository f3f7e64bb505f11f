import type { z } from 'zod';
import type { PublicCtx } from '@/lib/context';
import type { DeliveryFailureCode } from '@/lib/providers/failure-reasons';
import type { TwilioWebhook } from '@/lib/providers/twilio/read-twilio-webhook';
import { markTwilioOptOuts, TWILIO_OPTED_OUT_CODE } from '@/lib/sms-opt-out/sms-opt-outs';
import { applyProviderStatus } from './apply-provider-status';
import type { receiptKeyInQuery } from './read-receipt-key';
import { callStatusState, messageStatusState } from './twilio-status';

/**
 * Twilio's status callback of an alert SMS or call (POST, form-encoded, signed; the URL names the receipt). An SMS that
 * Twilio took and then failed with 21610 (the number opted out with Twilio, e.g. through a Messaging Service) marks the
 * number as the refused request does (lib/delivery/skip-opted-out-numbers.ts), so later alerts skip it.
 */
export async function receiveTwilioStatus(
  ctx: PublicCtx,
  { form, receiptKey }: TwilioWebhook & z.output<typeof receiptKeyInQuery>,
  kind: 'sms' | 'call',
): Promise<void> {
  const providerId = kind === 'sms' ? form.MessageSid : form.CallSid;
  const state = kind === 'sms' ? messageStatusState(form.MessageStatus) : callStatusState(form.CallStatus);
  if (providerId && state) {
    const optedOut = kind === 'sms' && state === 'failed' && form.ErrorCode === String(TWILIO_OPTED_OUT_CODE);
    if (optedOut && form.To) await markTwilioOptOuts(ctx.db, [form.To], ctx.now);
    const reason = optedOut
      ? ('smsOptedOutTwilio' satisfies DeliveryFailureCode)
      : form.ErrorCode
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
