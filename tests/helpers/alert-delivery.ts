import type { PrismaClient } from '@/lib/generated/prisma/client';
import type { ApiTestContext } from './api-test-context';
import { startWorkerBeside, type TestWorker } from './test-worker';

/** The real worker beside an API test file's server (all queues unless WORKER_QUEUES is given). */
export function startDeliveryWorker(api: ApiTestContext, extraEnv: Record<string, string> = {}): Promise<TestWorker> {
  return startWorkerBeside(api, extraEnv);
}

/** Polls until `probe` gives a value (not null, undefined or false). */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The alert's receipts once none is pending or being sent any more. */
export function settledReceipts(db: PrismaClient, alertId: string, timeoutMs = 30_000) {
  return waitFor(
    `the receipts of ${alertId} to settle`,
    async () => {
      const receipts = await db.receipt.findMany({
        where: { alertId },
        orderBy: [{ userId: 'asc' }, { channel: 'asc' }, { fallback: 'asc' }],
      });
      return receipts.every((receipt) => receipt.state !== 'pending' && receipt.state !== 'processing') && receipts;
    },
    timeoutMs,
  );
}

/** Sends an urgent alert to the whole company through the API as `sender`; resolves with its id. */
export async function sendCompanyAlert(
  api: ApiTestContext,
  sender: { token: string },
  companyId: string,
  alert: { title: string; message: string; channels: string[] },
): Promise<string> {
  const response = await api.call('POST', '/api/alerts/alert', {
    token: sender.token,
    customerId: companyId,
    body: { severity: 'urgentAlert', ...alert, target: { company: true } },
  });
  if (response.status !== 201) throw new Error(`sending failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.alertId;
}
