import { UnrecoverableError, type Job } from 'bullmq';
import { now } from '@/lib/clock';
import { db } from '@/lib/db';
import { logger } from '@/lib/logger';
import { sendMemberNotices } from '@/lib/members/send-member-notices';
import { memberNoticesPayload } from '@/lib/queue';
import { sendMessageOnce } from './send-message-once';

/** The e-mails of one addition of members (lib/members/send-member-notices.ts), sent once. */
export async function sendMemberNoticesJob(job: Job): Promise<void> {
  const parsed = memberNoticesPayload.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid member notices job: ${parsed.error.message}`);
  await sendMessageOnce(
    job,
    async () => {
      const sent = await sendMemberNotices(db(), parsed.data, new Date(job.timestamp), now());
      logger.info('member notices sent', { companyId: parsed.data.companyId, ...sent });
    },
    () => false,
  );
}
