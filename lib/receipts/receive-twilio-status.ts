import type { PublicCtx } from '@/lib/context';
import { readReceiptKey } from '@/lib/delivery/read-receipt-key';
import { readTwilioWebhook } from '@/lib/providers/twilio/read-twilio-webhook';
import { applyProviderStatus } from './apply-provider-status';
import { callStatusState, messageStatusState } from './twilio-status';

/** Twilio's status callback of an alert SMS or call (POST, form-encoded, signed; the URL names the receipt). */
export async function receiveTwilioStatus(ctx: PublicCtx, request: Request, kind: 'sms' | 'call'): Promise<void> {
  const params = await readTwilioWebhook(request);
  const providerId = kind === 'sms' ? params.MessageSid : params.CallSid;
  const state = kind === 'sms' ? messageStatusState(params.MessageStatus) : callStatusState(params.CallStatus);
  if (providerId && state) {
    const reason = params.ErrorCode ? `Twilio error ${params.ErrorCode}` : `Twilio status ${kind === 'sms' ? params.MessageStatus : params.CallStatus}`;
    await applyProviderStatus(ctx.db, { providerId, key: readReceiptKey(request.url) }, state, ctx.now, state === 'failed' ? reason : null);
  }
}
