import { describe, expect, it } from '@jest/globals';
import { UnrecoverableError, type Job } from 'bullmq';
import { JOB_REGISTRY, queueProcessor, runJob } from '@/jobs/job-registry';
import { JOB_CONTRACTS, MAINTENANCE_JOBS, QUEUES } from '@/lib/queue';

// The worker's registry (jobs/job-registry.ts): every job lib/queue.ts declares, on its queue, with its payload parsed
// before any handler runs.
const jobOf = (name: string, data: unknown) => ({ name, data }) as Job;

describe('the job registry', () => {
  it('covers every job of lib/queue.ts on its queue, and nothing else', () => {
    const declared = [
      ...Object.entries(JOB_CONTRACTS).map(([name, contract]) => [name, contract.queue]),
      ...Object.values(MAINTENANCE_JOBS).map((name) => [name, QUEUES.maintenance]),
    ];
    const registered = [...JOB_REGISTRY].map(([name, job]) => [name, job.queue]);
    expect(registered.sort()).toEqual(declared.sort());
  });

  it.each([
    ['mission-alarm', { missionId: 'not-a-uuid' }],
    ['dispatch-alert', { alertId: '1c0b4a52-7a3e-4d59-9a55-4f1e8f6a2b10', extra: true }],
    ['send-sms', { to: '12345', body: 'Hello' }],
    ['close-stale-alerts', { since: 'yesterday' }],
  ])('refuses a %s job whose payload does not parse, for good and before its handler runs', async (name, data) => {
    const run = runJob(jobOf(name, data));
    await expect(run).rejects.toThrow(UnrecoverableError);
    await expect(run).rejects.toThrow(`invalid ${name} job`);
  });

  it('refuses a job it does not know, and one sent to another queue, for good', async () => {
    await expect(runJob(jobOf('send-fax', {}))).rejects.toThrow(new UnrecoverableError('unknown job send-fax'));
    const onEmail = queueProcessor(QUEUES.email)(jobOf('mission-alarm', { missionId: crypto.randomUUID() }));
    await expect(onEmail).rejects.toThrow(new UnrecoverableError('unknown job mission-alarm on queue email'));
  });
});
