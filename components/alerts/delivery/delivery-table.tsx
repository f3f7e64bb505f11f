'use client';

import { useTranslations } from 'next-intl';
import { DataTable } from '@/components/ui/data-table';
import { Person } from '@/components/ui/person';
import { formatPhone } from '@/components/ui/phone-number';
import { formatDateTime } from '@/components/ui/format-date';
import { receiptTag } from '@/lib/alerts/receipt-tag';
import { failureReasonParts } from '@/lib/providers/failure-reasons';
import type { ChannelDelivery, DeliveryRow } from '../alert-api';
import { AnswerCell } from '../answers/answer-cell';
import { StatusChip } from './status-chip';
import styles from '../alerts.module.css';

/**
 * The recipients of the delivery report: name, phone, their status as a chip, their latest answer (`showAnswers`: the
 * alert asks for one), and each channel's state and times.
 */
export function DeliveryTable({ rows, showAnswers = false }: { rows: DeliveryRow[]; showAnswers?: boolean }) {
  const t = useTranslations('alerts.delivery');
  const answerLabel = useTranslations('answers')('answer');
  return (
    <DataTable
      columns={[
        t('columns.name'),
        t('columns.phone'),
        t('columns.status'),
        ...(showAnswers ? [answerLabel] : []),
        t('columns.channels'),
      ]}
      stacked
      className={styles.deliveryTable}
    >
      {rows.map((row) => (
        <tr key={row.userId} data-testid="delivery-row">
          <th scope="row" data-label={t('columns.name')}>
            <Person name={row.name} photo={row.profilePhoto} />
          </th>
          <td data-label={t('columns.phone')}>
            {row.phone ? (
              <a className={styles.phone} href={`tel:${row.phone}`}>
                {formatPhone(row.phone)}
              </a>
            ) : (
              <span className="muted">{t('noPhone')}</span>
            )}
          </td>
          <td data-label={t('columns.status')}>
            <StatusChip status={row.status} />
          </td>
          {showAnswers && (
            <td data-label={answerLabel} data-testid="delivery-answer">
              <AnswerCell answer={row.answer} />
            </td>
          )}
          <td data-label={t('columns.channels')}>
            {row.channels.length === 0 ? (
              <span className="muted">{row.inTarget ? t('noChannels') : t('notAlerted')}</span>
            ) : (
              <ul className={styles.channelList}>
                {row.channels.map((channel) => (
                  <ChannelLine key={`${channel.channel}:${channel.fallback}:${channel.round}`} channel={channel} />
                ))}
              </ul>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function ChannelLine({ channel }: { channel: ChannelDelivery }) {
  const t = useTranslations('alerts');
  const times = (
    [
      ['sentAt', channel.sentAt],
      ['deliveredAt', channel.deliveredAt],
      ['receivedAt', channel.receivedAt],
    ] as const
  ).filter(([, value]) => value !== null);
  // A call not requested yet waits for its turn at the account's calls per second.
  const state = channel.channel === 'voice' && channel.state === 'pending' ? 'queued' : channel.state;
  const tag = receiptTag(channel);
  return (
    <li>
      <span className={styles.channelName}>
        {t.has(`channels.${channel.channel}`) ? t(`channels.${channel.channel}`) : channel.channel}
        {tag && <span className={styles.fallbackTag}>{t(`delivery.${tag}`, { round: channel.round })}</span>}
      </span>
      <span className={`${styles.receiptState} ${styles[`state-${channel.state}`] ?? ''}`}>
        {t.has(`receiptState.${state}`) ? t(`receiptState.${state}`) : state}
      </span>
      {times.map(([key, value]) => (
        <span key={key} className={styles.channelTime}>
          {t(`delivery.times.${key}`)} <time dateTime={value!}>{formatDateTime(value!)}</time>
        </span>
      ))}
      {channel.error && (
        <span className={styles.channelError}>
          {failureReasonParts(channel.error)
            .map((part) => ('code' in part ? t(`failureReason.${part.code}`) : part.text))
            .join('; ')}
        </span>
      )}
    </li>
  );
}
