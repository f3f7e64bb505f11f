import { createHash } from 'node:crypto';
import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import { z } from 'zod';
import { env } from '@/lib/env';
import { Channel } from '@/lib/generated/prisma/enums';
import { QUEUES, type QueueName } from '@/lib/queue-names';
import { redis } from '@/lib/redis';
import { processSingleton } from '@/lib/singleton';

// The queue contract of the web process and the worker: queue and job names, payloads, deterministic job ids, how each
// queue's jobs are retried and kept, and enqueue(). The worker process runs the jobs.

export { QUEUE_NAMES, QUEUES, type QueueName } from '@/lib/queue-names';

export const MAINTENANCE_JOBS = {
  closeStaleAlerts: 'close-stale-alerts',
  deleteClosedAlerts: 'delete-closed-alerts',
  deleteClosedPositionings: 'delete-closed-positionings',
  deleteOldIotPresses: 'delete-old-iot-presses',
  purgeDeletedCompanies: 'purge-deleted-companies',
  purgeRemovedMembers: 'purge-removed-members',
  purgeEndedSessions: 'purge-ended-sessions',
  purgeUnconfirmedSignUps: 'purge-unconfirmed-sign-ups',
  purgeSpentAuthTokens: 'purge-spent-auth-tokens',
  purgeSmsKeywordMessages: 'purge-sms-keyword-messages',
  sweepExpiredMissions: 'sweep-expired-missions',
  closeOverduePositionings: 'close-overdue-positionings',
  resumeDeliveries: 'resume-deliveries',
  expireVoiceSamples: 'expire-voice-samples',
} as const;

export type MaintenanceJob = (typeof MAINTENANCE_JOBS)[keyof typeof MAINTENANCE_JOBS];

/** A scheduled run carries nothing: it works on whatever is due when it runs. */
export const maintenancePayload = z.object({}).strict();
export type MaintenancePayload = z.infer<typeof maintenancePayload>;

/** The periodic jobs and how often they run (cron, server time). */
export const MAINTENANCE_SCHEDULE: Record<MaintenanceJob, string> = {
  'close-stale-alerts': '*/5 * * * *',
  'delete-closed-alerts': '17 * * * *',
  'delete-closed-positionings': '19 * * * *',
  'delete-old-iot-presses': '21 * * * *',
  'purge-deleted-companies': '23 * * * *',
  'purge-removed-members': '29 * * * *',
  'purge-ended-sessions': '41 * * * *',
  'purge-unconfirmed-sign-ups': '47 * * * *',
  'purge-spent-auth-tokens': '53 * * * *',
  'purge-sms-keyword-messages': '57 * * * *',
  // The safety net of the delayed mission alarm jobs (a lost or early job): at most a minute late.
  'sweep-expired-missions': '* * * * *',
  // The safety net of the delayed close of a positioning (a lost job): unanswered devices are not reached a minute late.
  'close-overdue-positionings': '* * * * *',
  // The safety net of alert delivery: a dispatch, fallback SMS or contact cycle step job lost or failed for good is
  // started again.
  'resume-deliveries': '* * * * *',
  // Voice samples not played for 30 days (the size limits are kept when samples are stored).
  'expire-voice-samples': '31 * * * *',
};

export const EMAIL_JOBS = {
  send: 'send-email',
  /** The invitations and "added to" notices of one addition of members (composed and sent by the worker). */
  memberNotices: 'member-notices',
  /** Tells the people who can act that someone answered "I need help" (push and e-mail). */
  helpNotice: 'help-notice',
} as const;

export const emailPayload = z
  .object({
    to: z.string().min(1),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    replyTo: z.string().min(1).nullish(),
    companyId: z.string().uuid().nullable().default(null),
    images: z
      .array(
        z
          .object({
            cid: z.string().min(1),
            fileName: z.string().min(1),
            contentType: z.literal('image/png'),
            contentBase64: z.string().max(200_000),
          })
          .strict(),
      )
      .max(4)
      .optional(),
  })
  .strict();
export type EmailPayload = z.infer<typeof emailPayload>;

/** Queued inside the transaction that adds the people, so an addition never commits without its notices job. */
export const memberNoticesPayload = z
  .object({
    companyId: z.uuid(),
    inviterId: z.uuid(),
    userIds: z.array(z.uuid()).min(1),
    addedAt: z.iso.datetime(),
  })
  .strict();
export type MemberNoticesPayload = z.infer<typeof memberNoticesPayload>;

/** One "needs help" answer: the person, the alert and the answer's time (a later one is told of again). */
export const helpNoticePayload = z
  .object({ alertId: z.uuid(), userId: z.uuid(), answeredAt: z.iso.datetime() })
  .strict();
export type HelpNoticePayload = z.infer<typeof helpNoticePayload>;

export const SMS_JOBS = {
  send: 'send-sms',
} as const;

/** A text message outside alert delivery (e.g. an app download reminder); alert SMS have receipts of their own. */
export const smsPayload = z
  .object({
    to: z.string().regex(/^\+[1-9]\d{6,14}$/),
    body: z.string().min(1),
    companyId: z.string().uuid().nullable().default(null),
  })
  .strict();
export type SmsPayload = z.infer<typeof smsPayload>;

export const DELIVERY_JOBS = {
  dispatch: 'dispatch-alert',
  /** The fallback SMS (spec §1), delayed to 2 minutes after sending. */
  fallback: 'fallback-sms',
  /** One of the jobs sharing one receipt group's sending, which any worker takes (docs/decisions.md). */
  part: 'deliver-part',
} as const;

/** Sends a just-written alert (its receipts are already in the database, the job fans them out), or its fallback SMS. */
export const dispatchPayload = z.object({ alertId: z.uuid() }).strict();
export type DispatchPayload = z.infer<typeof dispatchPayload>;

/**
 * What started a group's parts: the dispatch (or the minute sweep), the fallback SMS sent at once to those the push could
 * not reach, the fallback SMS job, or a contact cycle step. Each adds receipts before it starts parts of its own, so parts that may already
 * have taken their last batch never stand in for the parts that must see the new receipts.
 */
export const DELIVERY_WAVES = ['dispatch', 'early', 'fallback', 'cycle', 'reask'] as const;
export type DeliveryWave = (typeof DELIVERY_WAVES)[number];

/** One part of a receipt group's sending: it takes batches of the group's receipts until none is left. */
export const deliveryPartPayload = z
  .object({
    alertId: z.uuid(),
    channel: z.enum(Channel),
    fallback: z.boolean(),
    /** The contact cycle's round (1, and absent in parts queued before the cycle: the alert's own send and fallback SMS). */
    round: z.number().int().min(1).default(1),
    wave: z.enum(DELIVERY_WAVES),
    part: z.number().int().nonnegative(),
  })
  .strict();
export type DeliveryPartPayload = z.infer<typeof deliveryPartPayload>;

export const CONTACT_CYCLE_JOBS = {
  /** One step of an alert's contact cycle until confirmed (issue 36; lib/contact-cycle): a round's push, SMS or call. */
  step: 'contact-step',
  /** The question of an alert asked again by itself, the company's reaskAfterMinutes after sending. */
  autoReask: 'auto-reask',
} as const;

/** The step's index in the cycle's steps (lib/contact-cycle/contact-cycle-plan.ts); the step queues the next one. */
export const contactStepPayload = z.object({ alertId: z.uuid(), step: z.number().int().nonnegative() }).strict();
export type ContactStepPayload = z.infer<typeof contactStepPayload>;

export const MISSION_JOBS = {
  alarm: 'mission-alarm',
  /** Shortly before the end time: a push to the mission's own person (lib/missions/mission-warning-time.ts). */
  warning: 'mission-warning',
} as const;

/**
 * Raises a mission's alarm if it is still going on past its end time (a finished mission's job does nothing).
 * `endTime`, the end time the job was queued for, only names the job: a mission whose end time changed gets a job of
 * its own for the new one, while the processor judges by the mission's current end time (jobs queued before end
 * times could change have none).
 */
export const missionAlarmPayload = z.object({ missionId: z.uuid(), endTime: z.iso.datetime().optional() }).strict();
export type MissionAlarmPayload = z.infer<typeof missionAlarmPayload>;

/** The warning of one end time: it sends nothing once the mission's end time moved or it is not ongoing. */
export const missionWarningPayload = z.object({ missionId: z.uuid(), endTime: z.iso.datetime() }).strict();
export type MissionWarningPayload = z.infer<typeof missionWarningPayload>;

export const POSITIONING_JOBS = {
  /** The data pushes asking each device of a positioning for its position. */
  request: 'positioning-request',
  /** At the positioning's answer time: devices that have not answered are not reached. */
  close: 'positioning-close',
} as const;

export const positioningPayload = z.object({ positioningId: z.uuid() }).strict();
export type PositioningPayload = z.infer<typeof positioningPayload>;

// Deterministic job ids: a job queued again while the first is still known to BullMQ is not added twice
// (BullMQ custom ids may not contain ':').

/** The same message queued twice while the first is still queued goes out once. */
function messageJobId(queue: 'email' | 'sms', content: unknown[]): string {
  return `${queue}-${createHash('sha256').update(JSON.stringify(content)).digest('hex')}`;
}

export function emailJobId(message: z.input<typeof emailPayload>): string {
  const content = [message.to, message.subject, message.text, message.html, message.companyId ?? null];
  // Only when set, so the ids of messages without a Reply-To stay what they were.
  return messageJobId('email', message.replyTo ? [...content, message.replyTo] : content);
}

export function memberNoticesJobId({ companyId, userIds, addedAt }: MemberNoticesPayload): string {
  return `member-notices-${createHash('sha256')
    .update(JSON.stringify([companyId, addedAt, [...userIds].sort()]))
    .digest('hex')}`;
}

/** One notice per "needs help" answer (its time in ms: an id may not contain ':'). */
export function helpNoticeJobId({ alertId, userId, answeredAt }: HelpNoticePayload): string {
  return `help-notice-${alertId}-${userId}-${Date.parse(answeredAt)}`;
}

export function smsJobId(message: z.input<typeof smsPayload>): string {
  return messageJobId('sms', [message.to, message.body, message.companyId ?? null]);
}

/** One dispatch per alert. */
export function dispatchJobId(alertId: string): string {
  return `dispatch-${alertId}`;
}

export function fallbackJobId(alertId: string): string {
  return `fallback-${alertId}`;
}

/** A retried dispatch (or fallback) starts the same parts again, which BullMQ does not add twice while they are known. */
export function deliveryPartJobId({ alertId, channel, fallback, round, wave, part }: DeliveryPartPayload): string {
  return `part-${alertId}-${channel}-${fallback ? 'fallback' : 'main'}${round === 1 ? '' : `-${round}`}-${wave}-${part}`;
}

/** One job per alert and contact cycle step. */
export function contactStepJobId({ alertId, step }: ContactStepPayload): string {
  return `contact-step-${alertId}-${step}`;
}

/** One alarm job per mission and end time (in ms: an id may not contain ':'). */
export function missionAlarmJobId(missionId: string, endTime?: string): string {
  return endTime === undefined
    ? `mission-alarm-${missionId}`
    : `mission-alarm-${missionId}-${new Date(endTime).getTime()}`;
}

/** One warning job per mission and end time (in ms). */
export function missionWarningJobId(missionId: string, endTime: string): string {
  return `mission-warning-${missionId}-${new Date(endTime).getTime()}`;
}

export function positioningRequestJobId(positioningId: string): string {
  return `positioning-request-${positioningId}`;
}

export function positioningCloseJobId(positioningId: string): string {
  return `positioning-close-${positioningId}`;
}

/**
 * E-mail and SMS jobs: nine retries with exponential backoff (5 s, 10 s, 20 s ... about 40 minutes in all; a reset link
 * is valid for an hour). A sent message's job is removed; a failed one is kept a day to be looked at.
 */
const MESSAGE_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: true,
  removeOnFail: { age: 24 * 60 * 60 },
} satisfies JobsOptions;

/** How each queue's jobs are retried and kept. */
export const JOB_OPTIONS = {
  /** The scheduled runs: the last 100 done and 1,000 failed are kept to be looked at; the next run comes anyway. */
  maintenance: { removeOnComplete: 100, removeOnFail: 1000 },
  email: MESSAGE_JOB_OPTIONS,
  sms: MESSAGE_JOB_OPTIONS,
  /** Retries with backoff for a delivery run that leaves receipts for later (a provider down); each receipt is guarded on its own. */
  delivery: {
    attempts: 8,
    backoff: { type: 'exponential', delay: 2_000 },
    removeOnComplete: true,
    removeOnFail: { age: 7 * 24 * 60 * 60 },
  },
  /** A few retries for a database hiccup; the minute sweep raises the alarm anyway if every attempt fails. */
  missions: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 2_000 },
    removeOnComplete: true,
    removeOnFail: { age: 7 * 24 * 60 * 60 },
  },
  /** Retries with backoff for a push provider or database hiccup; the minute sweep closes a positioning anyway. */
  positionings: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 2_000 },
    removeOnComplete: true,
    removeOnFail: { age: 7 * 24 * 60 * 60 },
  },
} satisfies Record<QueueName, JobsOptions>;

/** The payload of each job that code enqueues (the maintenance jobs are scheduled by the worker instead). */
type JobPayloads = {
  [EMAIL_JOBS.send]: typeof emailPayload;
  [EMAIL_JOBS.memberNotices]: typeof memberNoticesPayload;
  [EMAIL_JOBS.helpNotice]: typeof helpNoticePayload;
  [SMS_JOBS.send]: typeof smsPayload;
  [DELIVERY_JOBS.dispatch]: typeof dispatchPayload;
  [DELIVERY_JOBS.fallback]: typeof dispatchPayload;
  [DELIVERY_JOBS.part]: typeof deliveryPartPayload;
  [CONTACT_CYCLE_JOBS.step]: typeof contactStepPayload;
  [CONTACT_CYCLE_JOBS.autoReask]: typeof dispatchPayload;
  [MISSION_JOBS.alarm]: typeof missionAlarmPayload;
  [MISSION_JOBS.warning]: typeof missionWarningPayload;
  [POSITIONING_JOBS.request]: typeof positioningPayload;
  [POSITIONING_JOBS.close]: typeof positioningPayload;
};
export type JobName = keyof JobPayloads;
type PayloadInput<N extends JobName> = z.input<JobPayloads[N]>;
/** A job's payload as its schema parses it: what enqueue() adds and the worker's handler receives. */
export type JobPayload<N extends JobName> = z.output<JobPayloads[N]>;

/** A job's queue, payload and deterministic id. */
interface JobContract<N extends JobName> {
  queue: QueueName;
  payload: z.ZodType<JobPayload<N>, PayloadInput<N>>;
  jobId: (payload: JobPayload<N>) => string;
}

/** Read by enqueue() and by the worker's registry (jobs/job-registry.ts), which parses each job with its schema here. */
export const JOB_CONTRACTS: { readonly [N in JobName]: JobContract<N> } = {
  [EMAIL_JOBS.send]: { queue: QUEUES.email, payload: emailPayload, jobId: emailJobId },
  [EMAIL_JOBS.memberNotices]: { queue: QUEUES.email, payload: memberNoticesPayload, jobId: memberNoticesJobId },
  [EMAIL_JOBS.helpNotice]: { queue: QUEUES.email, payload: helpNoticePayload, jobId: helpNoticeJobId },
  [SMS_JOBS.send]: { queue: QUEUES.sms, payload: smsPayload, jobId: smsJobId },
  [DELIVERY_JOBS.dispatch]: {
    queue: QUEUES.delivery,
    payload: dispatchPayload,
    jobId: ({ alertId }) => dispatchJobId(alertId),
  },
  [DELIVERY_JOBS.fallback]: {
    queue: QUEUES.delivery,
    payload: dispatchPayload,
    jobId: ({ alertId }) => fallbackJobId(alertId),
  },
  [DELIVERY_JOBS.part]: { queue: QUEUES.delivery, payload: deliveryPartPayload, jobId: deliveryPartJobId },
  [CONTACT_CYCLE_JOBS.step]: { queue: QUEUES.delivery, payload: contactStepPayload, jobId: contactStepJobId },
  [CONTACT_CYCLE_JOBS.autoReask]: {
    queue: QUEUES.delivery,
    payload: dispatchPayload,
    jobId: ({ alertId }) => `auto-reask-${alertId}`,
  },
  [MISSION_JOBS.alarm]: {
    queue: QUEUES.missions,
    payload: missionAlarmPayload,
    jobId: ({ missionId, endTime }) => missionAlarmJobId(missionId, endTime),
  },
  [MISSION_JOBS.warning]: {
    queue: QUEUES.missions,
    payload: missionWarningPayload,
    jobId: ({ missionId, endTime }) => missionWarningJobId(missionId, endTime),
  },
  [POSITIONING_JOBS.request]: {
    queue: QUEUES.positionings,
    payload: positioningPayload,
    jobId: ({ positioningId }) => positioningRequestJobId(positioningId),
  },
  [POSITIONING_JOBS.close]: {
    queue: QUEUES.positionings,
    payload: positioningPayload,
    jobId: ({ positioningId }) => positioningCloseJobId(positioningId),
  },
};

/** A job as BullMQ adds it: the checked payload, its queue's options and its deterministic id. */
function jobToAdd<N extends JobName>(name: N, payload: PayloadInput<N>, options: { delay?: number }) {
  const job: JobContract<N> = JOB_CONTRACTS[name];
  const data = job.payload.parse(payload);
  const delay = options.delay === undefined ? {} : { delay: Math.max(0, options.delay) };
  return { queue: job.queue, name, data, opts: { ...JOB_OPTIONS[job.queue], ...delay, jobId: job.jobId(data) } };
}

/**
 * Queues a job with its queue's options and its deterministic id, after checking the payload; `delay` (ms, a negative
 * one counts as 0) holds it back. Resolves once Redis holds the job (AOF-persisted).
 */
export async function enqueue<N extends JobName>(
  name: N,
  payload: PayloadInput<N>,
  options: { delay?: number } = {},
): Promise<void> {
  const { queue, data, opts } = jobToAdd(name, payload, options);
  await sharedQueue(queue).add(name, data, opts);
}

/**
 * Queues the job unless BullMQ still has it queued, delayed or running; one that failed for good is retried. True when
 * the job was added or retried. A completed job is removed (JOB_OPTIONS removeOnComplete), so its id is free again:
 * keeping completed jobs would make an add of the same id a silent no-op.
 */
export async function startJob<N extends JobName>(
  name: N,
  payload: PayloadInput<N>,
  options: { delay?: number } = {},
): Promise<boolean> {
  const { queue, data, opts } = jobToAdd(name, payload, options);
  const known = await sharedQueue(queue).getJob(opts.jobId);
  if (!known) {
    await sharedQueue(queue).add(name, data, opts);
    return true;
  }
  if (!(await known.isFailed())) return false;
  await known.retry('failed');
  return true;
}

/**
 * Takes back a queued or delayed job (its id from the payload): true when it is gone. A running job is left to finish
 * (false), so its processor must judge for itself whether it is still wanted.
 */
export async function unqueue<N extends JobName>(name: N, payload: PayloadInput<N>): Promise<boolean> {
  const { queue, opts } = jobToAdd(name, payload, {});
  return (await sharedQueue(queue).remove(opts.jobId)) === 1;
}

/** Queues several jobs of one name at once: Redis holds all of them or none. */
export async function enqueueMany<N extends JobName>(name: N, payloads: readonly PayloadInput<N>[]): Promise<void> {
  if (payloads.length === 0) return;
  const jobs = payloads.map((payload) => jobToAdd(name, payload, {}));
  await sharedQueue(jobs[0].queue).addBulk(jobs.map(({ data, opts }) => ({ name, data, opts })));
}

export function queueOptions(connection: ConnectionOptions) {
  return { connection, prefix: env.QUEUE_PREFIX };
}

const producers = processSingleton('queues', () => new Map<QueueName, Queue>());

/**
 * This process's one producer of the named queue, on the shared Redis connection: it fails fast when Redis is down, so
 * whoever adds a job learns that it was not accepted.
 */
export function sharedQueue(name: QueueName): Queue {
  const queues = producers.get();
  if (!queues.has(name)) queues.set(name, new Queue(name, queueOptions(redis())));
  return queues.get(name) as Queue;
}

/** A queue of its own on the given connection (the caller closes it): the worker's schedulers, tests looking at jobs. */
export function openQueue(name: QueueName, connection: ConnectionOptions): Queue {
  return new Queue(name, queueOptions(connection));
}

export const maintenanceQueue = (connection: ConnectionOptions) => openQueue(QUEUES.maintenance, connection);
export const emailQueue = (connection: ConnectionOptions) => openQueue(QUEUES.email, connection);
export const smsQueue = (connection: ConnectionOptions) => openQueue(QUEUES.sms, connection);
export const deliveryQueue = (connection: ConnectionOptions) => openQueue(QUEUES.delivery, connection);
export const missionsQueue = (connection: ConnectionOptions) => openQueue(QUEUES.missions, connection);
