import type { DbClient } from '@/lib/db';
import type { DeliveryFailureCode } from '@/lib/providers/failure-reasons';
import { markTwilioOptOuts, smsOptOutsOf } from '@/lib/sms-opt-out/sms-opt-outs';
import type { ChannelSender } from './channel-sender';
import type { SendOutcome } from './record-outcomes';

/**
 * SMS (main or fallback) through `sender`, except to numbers opted out of SMS (issue 36): those are not requested at
 * all and fail for good with the reason (smsOptedOut by keyword, smsOptedOutTwilio after Twilio's 21610). A number Twilio
 * refuses with 21610 is marked opted out here, so later alerts skip it without asking Twilio. Push and calls do not go
 * through this: an opt-out is of SMS only.
 */
export function skipOptedOutNumbers(db: DbClient, sender: ChannelSender): ChannelSender {
  return {
    ...sender,
    send: async (claims) => {
      const optOuts = await smsOptOutsOf(
        db,
        claims.map((claim) => claim.phone),
      );
      const optedOut = (phone: string | null) => (phone ? optOuts.get(phone) : undefined);
      const skipped = claims.flatMap((claim): SendOutcome[] => {
        const source = optedOut(claim.phone);
        if (!source) return [];
        const reason: DeliveryFailureCode = source === 'twilio' ? 'smsOptedOutTwilio' : 'smsOptedOut';
        return [{ userId: claim.userId, sent: false, permanent: true, reason }];
      });
      const rest = claims.filter((claim) => !optedOut(claim.phone));
      const outcomes = rest.length > 0 ? await sender.send(rest) : [];
      const phoneOf = new Map(rest.map((claim) => [claim.userId, claim.phone]));
      const refused = outcomes.flatMap((outcome) =>
        !outcome.sent && outcome.reason === ('smsOptedOutTwilio' satisfies DeliveryFailureCode)
          ? [phoneOf.get(outcome.userId) ?? '']
          : [],
      );
      await markTwilioOptOuts(db, refused.filter(Boolean), new Date());
      return [...skipped, ...outcomes];
    },
  };
}
