import type { Job } from 'bullmq';
import { now } from '@/lib/clock';
import { db } from '@/lib/db';
import { resumeDeliveries } from '@/lib/delivery/resume-deliveries';
import { logger } from '@/lib/logger';
import { sweepExpiredMissions } from '@/lib/missions/sweep-expired-missions';
import { closeOverduePositionings } from '@/lib/positionings/close-positioning';
import { closeStaleAlerts } from '@/lib/retention/close-stale-alerts';
import { deleteClosedAlerts } from '@/lib/retention/delete-closed-alerts';
import { deleteClosedPositionings } from '@/lib/retention/delete-closed-positionings';
import { deleteOldIotPresses } from '@/lib/retention/delete-old-iot-presses';
import { purgeDeletedCompanies } from '@/lib/retention/purge-deleted-companies';
import { purgeEndedSessions } from '@/lib/retention/purge-ended-sessions';
import { purgeRemovedMembers } from '@/lib/retention/purge-removed-members';
import { purgeSpentAuthTokens } from '@/lib/retention/purge-spent-auth-tokens';
import { purgeUnconfirmedSignUps } from '@/lib/retention/purge-unconfirmed-sign-ups';
import { expireVoiceSamples } from '@/lib/voice/expire-voice-samples';
import { MAINTENANCE_JOBS, type MaintenanceJob } from '@/lib/queue';

const TASKS: Record<MaintenanceJob, typeof closeStaleAlerts> = {
  [MAINTENANCE_JOBS.closeStaleAlerts]: closeStaleAlerts,
  [MAINTENANCE_JOBS.deleteClosedAlerts]: deleteClosedAlerts,
  [MAINTENANCE_JOBS.deleteClosedPositionings]: deleteClosedPositionings,
  [MAINTENANCE_JOBS.deleteOldIotPresses]: deleteOldIotPresses,
  [MAINTENANCE_JOBS.purgeDeletedCompanies]: purgeDeletedCompanies,
  [MAINTENANCE_JOBS.purgeRemovedMembers]: purgeRemovedMembers,
  [MAINTENANCE_JOBS.purgeEndedSessions]: purgeEndedSessions,
  [MAINTENANCE_JOBS.purgeUnconfirmedSignUps]: purgeUnconfirmedSignUps,
  [MAINTENANCE_JOBS.purgeSpentAuthTokens]: purgeSpentAuthTokens,
  [MAINTENANCE_JOBS.sweepExpiredMissions]: sweepExpiredMissions,
  [MAINTENANCE_JOBS.closeOverduePositionings]: closeOverduePositionings,
  [MAINTENANCE_JOBS.resumeDeliveries]: resumeDeliveries,
  [MAINTENANCE_JOBS.expireVoiceSamples]: expireVoiceSamples,
};

/** Runs one periodic clean-up. Each is an idempotent set operation, so a retried or duplicated run is harmless. */
export async function runMaintenance(job: Job): Promise<{ affected: number }> {
  const task = TASKS[job.name as MaintenanceJob];
  if (!task) throw new Error(`Unknown maintenance job ${job.name}`);
  const affected = await task(db(), now());
  if (affected > 0) logger.info('maintenance done', { job: job.name, affected });
  return { affected };
}
