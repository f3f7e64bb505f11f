'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useApiData } from '@/components/ui/use-api-data';
import type { Channel } from '@/lib/generated/prisma/enums';
import { deliveryChannelsQuery, type OutboxDrivers } from './outbox-api';

type Gap = 'sms' | 'voice' | 'push' | 'appPush';

/** The chosen channels whose messages would only be recorded in the outbox, and how (push may still reach browsers). */
export function channelGaps(channels: readonly Channel[], drivers: OutboxDrivers): Gap[] {
  const gaps: Gap[] = [];
  if (channels.includes('push') && drivers.push === 'outbox') gaps.push(drivers.web === 'outbox' ? 'push' : 'appPush');
  if (channels.includes('sms') && drivers.sms === 'outbox') gaps.push('sms');
  if (channels.includes('voice') && drivers.voice === 'outbox') gaps.push('voice');
  return gaps;
}

/**
 * A warning where alerts are sent or followed (the send screen, the delivery report, the dashboard): which of
 * `channels` will not really go out on this installation because no provider is set up for them, and what to do.
 * Nothing when every one of them sends (or while it cannot tell).
 */
export function ChannelsNotSending({ channels, admin }: { channels: readonly Channel[]; admin: boolean }) {
  const t = useTranslations('outbox.notSending');
  const { state } = useApiData(deliveryChannelsQuery, () => undefined);
  if (state.status !== 'loaded') return null;
  const gaps = channelGaps(channels, state.data.drivers);
  if (gaps.length === 0) return null;
  return (
    <div className="notice warning" role="note" data-testid="channels-not-sending">
      <p>
        <strong>{t('title')}</strong>
      </p>
      <ul>
        {gaps.map((gap) => (
          <li key={gap} data-channel={gap}>
            {t(gap)}
          </li>
        ))}
      </ul>
      <p>
        {t('help')} {admin ? <Link href="/company/outbox">{t('outboxLink')}</Link> : null}
      </p>
    </div>
  );
}
