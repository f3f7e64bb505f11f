import { describe, it, expect } from '@jest/globals';
import { channelGaps } from '@/components/outbox/channels-not-sending';

const nothingConfigured = { sms: 'outbox', voice: 'outbox', push: 'outbox', web: 'outbox', email: 'outbox' } as const;
const everything = { sms: 'twilio', voice: 'twilio', push: 'fcm', web: 'webpush', email: 'smtp' } as const;

describe('channelGaps: the chosen channels that would only be recorded in the outbox', () => {
  it('names every chosen channel when no provider is set up, push as a whole when browsers get nothing either', () => {
    expect(channelGaps(['push', 'sms', 'voice'], nothingConfigured)).toEqual(['push', 'sms', 'voice']);
  });

  it('says push misses only the mobile app when Web Push still reaches browsers', () => {
    expect(channelGaps(['push'], { ...nothingConfigured, web: 'webpush' })).toEqual(['appPush']);
  });

  it('names nothing that was not chosen, and nothing when every chosen channel sends', () => {
    expect(channelGaps(['push'], { ...everything, sms: 'outbox', voice: 'outbox' })).toEqual([]);
    expect(channelGaps(['push', 'sms', 'voice'], everything)).toEqual([]);
    expect(channelGaps([], nothingConfigured)).toEqual([]);
  });
});
