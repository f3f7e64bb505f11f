import { UnrecoverableError, type Job, type Processor } from 'bullmq';
import type { z } from 'zod';
import { sendHelpNotice } from '@/lib/answers/send-help-notice';
import { now } from '@/lib/clock';
import { db } from '@/lib/db';
import { resumeContactCycles } from '@/lib/contact-cycle/resume-contact-cycles';
import { resumeAutoReasks, runAutoReask, scheduleAutoReask } from '@/lib/contact-cycle/auto-reask';
import { startContactCycle } from '@/lib/contact-cycle/start-contact-cycle';
import { dispatchAlert } from '@/lib/delivery/dispatch-alert';
import { sendFallbackSms } from '@/lib/delivery/send-fallback-sms';
import { resumeDeliveries } from '@/lib/delivery/resume-deliveries';
import { countFallbackStart } from '@/lib/metrics/count-fallback-start';
import { sweepExpiredMissions } from '@/lib/missions/sweep-expired-missions';
import { closeOverduePositionings } from '@/lib/positionings/close-overdue-positionings';
import { deliverBySmtp, isPermanentSmtpFailure } from '@/lib/providers/email/deliver-by-smtp';
import { deliverSmsUnlessOptedOut } from '@/lib/sms-opt-out/deliver-sms-unless-opted-out';
import { isPermanentTwilioFailure } from '@/lib/providers/twilio/twilio-client';
import {
  CONTACT_CYCLE_JOBS,
  DELIVERY_JOBS,
  EMAIL_JOBS,
  JOB_CONTRACTS,
  MAINTENANCE_JOBS,
  maintenancePayload,
  MISSION_JOBS,
  POSITIONING_JOBS,
  QUEUES,
  SMS_JOBS,
  type JobName,
  type JobPayload,
  type MaintenanceJob,
  type MaintenancePayload,
  type QueueName,
} from '@/lib/queue';
import { closeStaleAlerts } from '@/lib/retention/close-stale-alerts';
import { deleteClosedAlerts } from '@/lib/retention/delete-closed-alerts';
import { deleteClosedPositionings } from '@/lib/retention/delete-closed-positionings';
import { deleteOldIotPresses } from '@/lib/retention/delete-old-iot-presses';
import { purgeDeletedCompanies } from '@/lib/retention/purge-deleted-companies';
import { purgeEndedSessions } from '@/lib/retention/purge-ended-sessions';
import { purgeRemovedMembers } from '@/lib/retention/purge-removed-members';
import { purgeSmsKeywordMessages } from '@/lib/retention/purge-sms-keyword-messages';
import { purgeSpentAuthTokens } from '@/lib/retention/purge-spent-auth-tokens';
import { purgeUnconfirmedSignUps } from '@/lib/retention/purge-unconfirmed-sign-ups';
import { expireVoiceSamples } from '@/lib/voice/expire-voice-samples';
import { contactStepJob } from './contact-step-job';
import { deliverPartJob } from './deliver-part-job';
import { missionAlarmJob } from './mission-alarm';
import { missionWarningJob } from './mission-warning';
import { positioningCloseJob, positioningRequestJob } from './positioning-job';
import { maintenanceRun } from './run-maintenance';
import { sendMemberNoticesJob } from './send-member-notices';
import { sendMessageOnce } from './send-message-once';

// The consumer half of the queue contract (lib/queue.ts, the producer half, names each job's queue and payload schema):
// what the worker does with each job. A handler receives the payload already parsed by its job's schema.

type JobHandler<Payload> = (payload: Payload, job: Job, token?: string) => Promise<unknown>;

/** One entry per job enqueued through lib/queue.ts; a job declared there without one here does not compile. */
const JOB_HANDLERS: { [N in JobName]: JobHandler<JobPayload<N>> } = {
  [EMAIL_JOBS.send]: (message, job) => sendMessageOnce(job, () => deliverBySmtp(message), isPermanentSmtpFailure),
  [EMAIL_JOBS.memberNotices]: sendMemberNoticesJob,
  [EMAIL_JOBS.helpNotice]: (help) => sendHelpNotice(db(), help),
  [SMS_JOBS.send]: (message, job) =>
    sendMessageOnce(job, () => deliverSmsUnlessOptedOut(db(), message), isPermanentTwilioFailure),
  [DELIVERY_JOBS.dispatch]: async ({ alertId }) => {
    // The cycle first: it takes the company's settings as close to the send as it can.
    await startContactCycle(db(), alertId);
    await scheduleAutoReask(db(), alertId);
    await dispatchAlert(db(), alertId);
  },
  [DELIVERY_JOBS.fallback]: async ({ alertId }, job) => {
    await countFallbackStart(job, Date.now());
    return sendFallbackSms(db(), alertId);
  },
  [DELIVERY_JOBS.part]: deliverPartJob,
  [CONTACT_CYCLE_JOBS.step]: contactStepJob,
  [CONTACT_CYCLE_JOBS.autoReask]: ({ alertId }) => runAutoReask(db(), alertId, now()),
  [MISSION_JOBS.alarm]: missionAlarmJob,
  [MISSION_JOBS.warning]: missionWarningJob,
  [POSITIONING_JOBS.request]: positioningRequestJob,
  [POSITIONING_JOBS.close]: positioningCloseJob,
};

/** One entry per scheduled run of lib/queue.ts (MAINTENANCE_SCHEDULE), all on the maintenance queue. */
const MAINTENANCE_HANDLERS: { [N in MaintenanceJob]: JobHandler<MaintenancePayload> } = {
  [MAINTENANCE_JOBS.closeStaleAlerts]: maintenanceRun(closeStaleAlerts),
  [MAINTENANCE_JOBS.deleteClosedAlerts]: maintenanceRun(deleteClosedAlerts),
  [MAINTENANCE_JOBS.deleteClosedPositionings]: maintenanceRun(deleteClosedPositionings),
  [MAINTENANCE_JOBS.deleteOldIotPresses]: maintenanceRun(deleteOldIotPresses),
  [MAINTENANCE_JOBS.purgeDeletedCompanies]: maintenanceRun(purgeDeletedCompanies),
  [MAINTENANCE_JOBS.purgeRemovedMembers]: maintenanceRun(purgeRemovedMembers),
  [MAINTENANCE_JOBS.purgeEndedSessions]: maintenanceRun(purgeEndedSessions),
  [MAINTENANCE_JOBS.purgeUnconfirmedSignUps]: maintenanceRun(purgeUnconfirmedSignUps),
  [MAINTENANCE_JOBS.purgeSpentAuthTokens]: maintenanceRun(purgeSpentAuthTokens),
  [MAINTENANCE_JOBS.purgeSmsKeywordMessages]: maintenanceRun(purgeSmsKeywordMessages),
  [MAINTENANCE_JOBS.sweepExpiredMissions]: maintenanceRun(sweepExpiredMissions),
  [MAINTENANCE_JOBS.closeOverduePositionings]: maintenanceRun(closeOverduePositionings),
  [MAINTENANCE_JOBS.resumeDeliveries]: maintenanceRun(
    async (db, at) =>
      (await resumeDeliveries(db, at)) + (await resumeContactCycles(db, at)) + (await resumeAutoReasks(db, at)),
  ),
  [MAINTENANCE_JOBS.expireVoiceSamples]: maintenanceRun(expireVoiceSamples),
};

/** A job the worker knows: its queue, and how to run it from its raw BullMQ job. */
export interface RegisteredJob {
  queue: QueueName;
  run: (job: Job, token?: string) => Promise<unknown>;
}

/**
 * Parses the payload once, then hands it to the handler. A payload that does not parse fails the job for good: a retry
 * would not make it parse.
 */
function registered<Payload>(queue: QueueName, schema: z.ZodType<Payload>, handle: JobHandler<Payload>): RegisteredJob {
  return {
    queue,
    run: async (job, token) => {
      const parsed = schema.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`invalid ${job.name} job: ${parsed.error.message}`);
      return handle(parsed.data, job, token);
    },
  };
}

function registeredJob<N extends JobName>(name: N): RegisteredJob {
  const { queue, payload } = JOB_CONTRACTS[name];
  const handle: JobHandler<JobPayload<N>> = JOB_HANDLERS[name];
  return registered(queue, payload, handle);
}

/** Every job the worker runs, by name (job names are unique across queues). */
export const JOB_REGISTRY: ReadonlyMap<string, RegisteredJob> = new Map([
  ...(Object.keys(JOB_CONTRACTS) as JobName[]).map((name) => [name, registeredJob(name)] as const),
  ...Object.values(MAINTENANCE_JOBS).map(
    (name) => [name, registered(QUEUES.maintenance, maintenancePayload, MAINTENANCE_HANDLERS[name])] as const,
  ),
]);

/** Runs a job by its registry entry; a job of a name not registered fails for good. */
export async function runJob(job: Job, token?: string): Promise<unknown> {
  const entry = JOB_REGISTRY.get(job.name);
  if (!entry) throw new UnrecoverableError(`unknown job ${job.name}`);
  return entry.run(job, token);
}

/** The BullMQ processor of one queue: it runs that queue's jobs through the registry and refuses any other. */
export function queueProcessor(queue: QueueName): Processor {
  return async (job, token) => {
    if (JOB_REGISTRY.get(job.name)?.queue !== queue)
      throw new UnrecoverableError(`unknown job ${job.name} on queue ${queue}`);
    return runJob(job, token);
  };
}
