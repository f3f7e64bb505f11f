import { describe, it, expect, jest } from '@jest/globals';
// WORKER_QUEUES (lib/env.ts): the queues a worker process serves. lib/env reads the environment when first imported,
// so each case imports a fresh copy.
async function workerQueues(value: string | undefined): Promise<string[]> {
  const saved = process.env.WORKER_QUEUES;
  if (value === undefined) delete process.env.WORKER_QUEUES;
  else process.env.WORKER_QUEUES = value;
  try {
    let queues: string[] = [];
    await jest.isolateModulesAsync(async () => {
      queues = (await import('@/lib/env')).env.WORKER_QUEUES;
    });
    return queues;
  } finally {
    if (saved === undefined) delete process.env.WORKER_QUEUES;
    else process.env.WORKER_QUEUES = saved;
  }
}

const ALL = ['maintenance', 'email', 'sms', 'delivery', 'missions', 'positionings'];

describe('WORKER_QUEUES', () => {
  it.each([undefined, '', ' '])('serves every queue when unset or empty (%p)', async (value) => {
    expect(await workerQueues(value)).toEqual(ALL);
  });

  it('serves the listed queues once each, spaces and empty items ignored', async () => {
    expect(await workerQueues('delivery')).toEqual(['delivery']);
    expect(await workerQueues(' delivery, sms,,delivery ')).toEqual(['delivery', 'sms']);
  });

  it('refuses an unknown queue and names the known ones', async () => {
    await expect(workerQueues('delivery,mails')).rejects.toThrow(
      'WORKER_QUEUES.1: unknown queue "mails" (the queues are maintenance, email, sms, delivery, missions, positionings)',
    );
  });
});
