import { Queue, type ConnectionOptions } from 'bullmq';
import { z } from 'zod';
import { env } from '@/lib/env';

// Queue names, job names and their payloads. Every job that can be enqueued twice gets a deterministic id.

export const QUEUES = {
  maintenance: 'maintenance',
} as const;

export const MAINTENANCE_JOBS = {
  closeStaleAlerts: 'close-stale-alerts',
  deleteClosedAlerts: 'delete-closed-alerts',
  purgeDeletedCompanies: 'purge-deleted-companies',
  purgeRemovedMembers: 'purge-removed-members',
  purgeEndedSessions: 'purge-ended-sessions',
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
};

export function queueOptions(connection: ConnectionOptions) {
  return { connection, prefix: env.QUEUE_PREFIX };
}

export function maintenanceQueue(connection: ConnectionOptions): Queue {
  return new Queue(QUEUES.maintenance, queueOptions(connection));
}
