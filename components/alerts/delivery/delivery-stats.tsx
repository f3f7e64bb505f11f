'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { DeliveryStats, DeliveryStatus } from '../alert-api';
import { ColourChip } from '@/components/ui/colour-chip';
import { FilterChip, StatsBar } from '../stats-parts';
import { StatusChip } from './status-chip';
import { ALERTED_STATUS_ORDER, STATUS_COLOURS } from './status-colours';
import styles from '../alerts.module.css';

interface Filter {
  selected: DeliveryStatus | null;
  onSelect: (status: DeliveryStatus | null) => void;
}

/**
 * The people alerted per delivery status: a bar of the shares in the status colours, and a chip per status as its
 * legend. With `filter` every status is listed and each chip picks that status (again: all alerted); without, only
 * the statuses anybody has. People recorded outside the area are not among them: they have their own chip, set apart.
 */
export function DeliveryStatsView({ stats, filter }: { stats: DeliveryStats; filter?: Filter }) {
  const t = useTranslations('alerts.delivery');
  const tStatus = useTranslations('alerts.deliveryStatus');
  const number = new Intl.NumberFormat(useLocale());
  const counted = ALERTED_STATUS_ORDER.filter((status) => stats[status] > 0);
  const listed = filter ? ALERTED_STATUS_ORDER : counted;
  const chip = (status: DeliveryStatus) =>
    filter ? (
      <FilterChip
        pressed={filter.selected === status}
        onClick={() => filter.onSelect(filter.selected === status ? null : status)}
      >
        <StatusChip status={status} count={number.format(stats[status])} />
      </FilterChip>
    ) : (
      <StatusChip status={status} count={number.format(stats[status])} />
    );
  return (
    <div className={styles.stats}>
      {stats.recipients > 0 && (
        <StatsBar
          parts={counted.map((status) => ({ key: status, count: stats[status], colour: STATUS_COLOURS[status] }))}
          label={counted
            .map((status) => t('statusCount', { status: tStatus(status), count: number.format(stats[status]) }))
            .join(', ')}
        />
      )}
      <ul className={styles.statsChips} aria-label={t('statsLabel')}>
        {filter && (
          <li>
            <FilterChip pressed={filter.selected === null} onClick={() => filter.onSelect(null)}>
              <ColourChip className={styles.chip} label={t('all')} count={number.format(stats.recipients)} />
            </FilterChip>
          </li>
        )}
        {listed.map((status) => (
          <li key={status}>{chip(status)}</li>
        ))}
      </ul>
      {stats.outOfTarget > 0 && (
        <div className={styles.statsApart}>
          <p className="muted">{t('outsideNote', { count: stats.outOfTarget })}</p>
          <ul className={styles.statsChips} aria-label={t('outsideLabel')}>
            <li>{chip('outOfTarget')}</li>
          </ul>
        </div>
      )}
    </div>
  );
}
