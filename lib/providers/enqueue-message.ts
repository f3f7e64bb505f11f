import { createHash } from 'node:crypto';
import type { Queue } from 'bullmq';
import { EMAIL_JOBS, emailQueue, MESSAGE_JOB_OPTIONS, SMS_JOBS, smsQueue } from '@/jobs/queues';
import { redis } from '@/lib/redis';

export type MessageKind = 'email' | 'sms';

const QUEUE_OF = { email: emailQueue, sms: smsQueue };
const JOB_OF = { email: EMAIL_JOBS.send, sms: SMS_JOBS.send };
const globalForMessages = globalThis as unknown as { tocsinMessageQueues?: Partial<Record<MessageKind, Queue>> };

/** The same message sent twice while the first is still queued goes out once. */
export function messageJobId(kind: MessageKind, content: unknown[]): string {
  return `${kind}-${createHash('sha256').update(JSON.stringify(content)).digest('hex')}`;
}

/** Resolves once Redis holds the job (AOF-persisted); the worker delivers it (jobs/send-email.ts, jobs/send-sms.ts). */
export async function enqueueMessage(kind: MessageKind, payload: object, jobId: string): Promise<void> {
  // The shared connection fails fast when Redis is down, so the caller learns the message was not accepted.
  const queues = (globalForMessages.tocsinMessageQueues ??= {});
  const queue = (queues[kind] ??= QUEUE_OF[kind](redis()));
  await queue.add(JOB_OF[kind], payload, { ...MESSAGE_JOB_OPTIONS, jobId });
}
