import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import { z } from 'zod';
import { env } from '@/lib/env';
import { redis } from '@/lib/redis';
import { processSingleton } from '@/lib/singleton';

// Queue names, job names and their payloads. Every job that can be enqueued twice gets a deterministic id.

export const QUEUES = {
  maintenance: 'maintenance',
  email: 'email',
  sms: 'sms',
  /** Alert delivery: the dispatch fan-out and the fallback SMS. */
  delivery: 'delivery',
  /** Mission alarms: a delayed job at each mission's end time. */
  missions: 'missions',
} as const;

export const MAINTENANCE_JOBS = {
  closeStaleAlerts: 'close-stale-alerts',
  deleteClosedAlerts: 'delete-closed-alerts',
  purgeDeletedCompanies: 'purge-deleted-companies',
  purgeRemovedMembers: 'purge-removed-members',
  purgeEndedSessions: 'purge-ended-sessions',
  purgeUnconfirmedSignUps: 'purge-unconfirmed-sign-ups',
  purgeSpentAuthTokens: 'purge-spent-auth-tokens',
  sweepExpiredMissions: 'sweep-expired-missions',
  resumeDeliveries: 'resume-deliveries',
} as const;

export type MaintenanceJob = (typeof MAINTENANCE_JOBS)[keyof typeof MAINTENANCE_JOBS];

export const maintenancePayload = z.object({}).strict();

/** The periodic jobs and how often they run (cron, server time). */
export const MAINTENANCE_SCHEDULE: Record<MaintenanceJob, string> = {
  'close-stale-alerts': '*/5 * * * *',
  'delete-closed-alerts': '17 * * * *',
  'purge-deleted-companies': '23 * * * *',
  'purge-removed-members': '29 * * * *',
  'purge-ended-sessions': '41 * * * *',
  'purge-unconfirmed-sign-ups': '47 * * * *',
  'purge-spent-auth-tokens': '53 * * * *',
  // The safety net of the delayed mission alarm jobs (a lost or early job): at most a minute late.
  'sweep-expired-missions': '* * * * *',
  // The safety net of alert delivery: a dispatch or fallback SMS job lost or failed for good is started again.
  'resume-deliveries': '* * * * *',
};

export function queueOptions(connection: ConnectionOptions) {
  return { connection, prefix: env.QUEUE_PREFIX };
}

const producers = processSingleton('queues', () => new Map<string, Queue>());

/**
 * This process's one producer of the named queue, on the shared Redis connection: it fails fast when Redis is down, so
 * whoever adds a job learns that it was not accepted.
 */
export function sharedQueue(name: (typeof QUEUES)[keyof typeof QUEUES]): Queue {
  const queues = producers.get();
  if (!queues.has(name)) queues.set(name, new Queue(name, queueOptions(redis())));
  return queues.get(name) as Queue;
}

export function maintenanceQueue(connection: ConnectionOptions): Queue {
  return new Queue(QUEUES.maintenance, queueOptions(connection));
}

export const EMAIL_JOBS = {
  send: 'send-email',
} as const;

export const emailPayload = z
  .object({ to: z.string().min(1), subject: z.string(), text: z.string(), html: z.string(), companyId: z.string().uuid().nullable().optional() })
  .strict();
export type EmailPayload = z.infer<typeof emailPayload>;

export const SMS_JOBS = {
  send: 'send-sms',
} as const;

/** A text message outside alert delivery (e.g. an app download reminder); alert SMS have receipts of their own. */
export const smsPayload = z
  .object({ to: z.string().regex(/^\+[1-9]\d{6,14}$/), body: z.string().min(1), companyId: z.string().uuid().nullable().optional() })
  .strict();
export type SmsPayload = z.infer<typeof smsPayload>;

/**
 * E-mail and SMS jobs: nine retries with exponential backoff (5 s, 10 s, 20 s ... about 40 minutes in all; a reset link
 * is valid for an hour). A sent message's job is removed; a failed one is kept a day to be looked at.
 */
export const MESSAGE_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: true,
  removeOnFail: { age: 24 * 60 * 60 },
} satisfies JobsOptions;

export function emailQueue(connection: ConnectionOptions): Queue {
  return new Queue(QUEUES.email, queueOptions(connection));
}

export function smsQueue(connection: ConnectionOptions): Queue {
  return new Queue(QUEUES.sms, queueOptions(connection));
}

export const DELIVERY_JOBS = {
  dispatch: 'dispatch-alert',
  /** The fallback SMS (spec §1), delayed to 2 minutes after sending. */
  fallback: 'fallback-sms',
} as const;

/** Sends a just-written alert (its receipts are already in the database, the job fans them out), or its fallback SMS. */
export const dispatchPayload = z.object({ alertId: z.uuid() }).strict();
export type DispatchPayload = z.infer<typeof dispatchPayload>;

/** One dispatch per alert: a second enqueue of the same alert is a no-op (BullMQ custom ids may not contain ':'). */
export function dispatchJobId(alertId: string): string {
  return `dispatch-${alertId}`;
}

export function fallbackJobId(alertId: string): string {
  return `fallback-${alertId}`;
}

export function deliveryQueue(connection: ConnectionOptions): Queue {
  return new Queue(QUEUES.delivery, queueOptions(connection));
}

export const MISSION_JOBS = {
  alarm: 'mission-alarm',
} as const;

/** Raises a mission's alarm if it is still going on at its end time (a finished mission's job does nothing). */
export const missionAlarmPayload = z.object({ missionId: z.uuid() }).strict();
export type MissionAlarmPayload = z.infer<typeof missionAlarmPayload>;

/** One alarm job per mission. */
export function missionAlarmJobId(missionId: string): string {
  return `mission-alarm-${missionId}`;
}

export function missionsQueue(connection: ConnectionOptions): Queue {
  return new Queue(QUEUES.missions, queueOptions(connection));
}
