import type { PublicCtx } from '@/lib/http/context';
import { readTwilioWebhook } from '@/lib/providers/twilio/read-twilio-webhook';
import { applyProviderStatus } from './apply-provider-status';
import { readReceiptKey } from './read-receipt-key';
import { callStatusState, messageStatusState } from './twilio-status';

/**
 * Twilio's status callback of an alert SMS or call (POST, form-encoded, signed; the URL names the receipt). Answers 204:
 * Twilio wants no content.
 */
export async function receiveTwilioStatus(ctx: PublicCtx, request: Request, kind: 'sms' | 'call'): Promise<Response> {
  const params = await readTwilioWebhook(request);
  const providerId = kind === 'sms' ? params.MessageSid : params.CallSid;
  const state = kind === 'sms' ? messageStatusState(params.MessageStatus) : callStatusState(params.CallStatus);
  if (providerId && state) {
    const reason = params.ErrorCode ? `Twilio error ${params.ErrorCode}` : `Twilio status ${kind === 'sms' ? params.MessageStatus : params.CallStatus}`;
    await applyProviderStatus(ctx.db, { providerId, key: readReceiptKey(request.url) }, state, ctx.now, state === 'failed' ? reason : null);
  }
  return new Response(null, { status: 204 });
}
