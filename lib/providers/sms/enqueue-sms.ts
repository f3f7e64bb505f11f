import { smsPayload } from '@/jobs/queues';
import { enqueueMessage, messageJobId } from '@/lib/providers/enqueue-message';
import type { SmsMessage } from './send-sms';

export function smsJobId(message: SmsMessage): string {
  return messageJobId('sms', [message.to, message.body, message.companyId ?? null]);
}

export async function enqueueSms(message: SmsMessage): Promise<void> {
  await enqueueMessage('sms', smsPayload.parse({ ...message, companyId: message.companyId ?? null }), smsJobId(message));
}
