import { createHash } from 'node:crypto';
import { EMAIL_JOBS, MESSAGE_JOB_OPTIONS, QUEUES, sharedQueue, SMS_JOBS } from '@/jobs/queues';

export type MessageKind = 'email' | 'sms';

const JOB_OF = { email: EMAIL_JOBS.send, sms: SMS_JOBS.send };

/** The same message sent twice while the first is still queued goes out once. */
export function messageJobId(kind: MessageKind, content: unknown[]): string {
  return `${kind}-${createHash('sha256').update(JSON.stringify(content)).digest('hex')}`;
}

/** Resolves once Redis holds the job (AOF-persisted); the worker delivers it (jobs/send-email.ts, jobs/send-sms.ts). */
export async function enqueueMessage(kind: MessageKind, payload: object, jobId: string): Promise<void> {
  await sharedQueue(QUEUES[kind]).add(JOB_OF[kind], payload, { ...MESSAGE_JOB_OPTIONS, jobId });
}
