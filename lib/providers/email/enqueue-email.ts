import { createHash } from 'node:crypto';
import type { Queue } from 'bullmq';
import { EMAIL_JOB_OPTIONS, EMAIL_JOBS, emailPayload, emailQueue } from '@/jobs/queues';
import { redis } from '@/lib/redis';
import type { EmailMessage } from './send-email';

const globalForEmail = globalThis as unknown as { tocsinEmailQueue?: Queue };

/** The same message sent twice while the first is still queued goes out once. */
export function emailJobId(message: EmailMessage): string {
  const content = JSON.stringify([message.to, message.subject, message.text, message.html, message.companyId ?? null]);
  return `email-${createHash('sha256').update(content).digest('hex')}`;
}

/** Resolves once Redis holds the job (AOF-persisted); the worker delivers it (jobs/send-email.ts). */
export async function enqueueEmail(message: EmailMessage): Promise<void> {
  // The shared connection fails fast when Redis is down, so the caller learns the message was not accepted.
  globalForEmail.tocsinEmailQueue ??= emailQueue(redis());
  const payload = emailPayload.parse({ ...message, companyId: message.companyId ?? null });
  await globalForEmail.tocsinEmailQueue.add(EMAIL_JOBS.send, payload, { ...EMAIL_JOB_OPTIONS, jobId: emailJobId(message) });
}
