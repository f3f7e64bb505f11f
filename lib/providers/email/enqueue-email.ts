import { emailPayload } from '@/jobs/queues';
import { enqueueMessage, messageJobId } from '@/lib/providers/enqueue-message';
import type { EmailMessage } from './send-email';

export function emailJobId(message: EmailMessage): string {
  return messageJobId('email', [message.to, message.subject, message.text, message.html, message.companyId ?? null]);
}

export async function enqueueEmail(message: EmailMessage): Promise<void> {
  await enqueueMessage('email', emailPayload.parse({ ...message, companyId: message.companyId ?? null }), emailJobId(message));
}
