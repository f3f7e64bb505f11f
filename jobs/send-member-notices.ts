import type { Job } from 'bullmq';
import { now } from '@/lib/clock';
import { db } from '@/lib/db';
import { logger } from '@/lib/logger';
import { sendMemberNotices } from '@/lib/members/send-member-notices';
import type { MemberNoticesPayload } from '@/lib/queue';
import { sendMessageOnce } from './send-message-once';

/** The e-mails of one addition of members (lib/members/send-member-notices.ts), sent once. */
export async function sendMemberNoticesJob(addition: MemberNoticesPayload, job: Job): Promise<void> {
  await sendMessageOnce(
    job,
    async () => {
      const sent = await sendMemberNotices(db(), addition, new Date(job.timestamp), now());
      logger.info('member notices sent', { companyId: addition.companyId, ...sent });
    },
    () => false,
  );
}
