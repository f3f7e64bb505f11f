'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { CSSProperties } from 'react';
import type { DeliveryStats, DeliveryStatus } from '../alert-api';
import { StatusChip } from './status-chip';
import { STATUS_COLOURS, STATUS_ORDER } from './status-colours';
import styles from '../alerts.module.css';

interface Filter {
  selected: DeliveryStatus | null;
  onSelect: (status: DeliveryStatus | null) => void;
}

/**
 * The recipients per delivery status: a bar of the shares in the status colours, and a chip per status as its legend.
 * With `filter` every status is listed and each chip picks that status (again: all); without, only the statuses
 * anybody has.
 */
export function DeliveryStatsView({ stats, filter }: { stats: DeliveryStats; filter?: Filter }) {
  const t = useTranslations('alerts.delivery');
  const tStatus = useTranslations('alerts.deliveryStatus');
  const number = new Intl.NumberFormat(useLocale());
  const counted = STATUS_ORDER.filter((status) => stats[status] > 0);
  const everyone = counted.reduce((sum, status) => sum + stats[status], 0);
  const listed = filter ? STATUS_ORDER : counted;
  return (
    <div className={styles.stats}>
      {everyone > 0 && (
        <div
          className={styles.statsBar}
          role="img"
          aria-label={counted
            .map((status) => t('statusCount', { status: tStatus(status), count: number.format(stats[status]) }))
            .join(', ')}
        >
          {counted.map((status) => (
            <span
              key={status}
              style={{ flexGrow: stats[status], background: STATUS_COLOURS[status] } as CSSProperties}
            />
          ))}
        </div>
      )}
      <ul className={styles.statsChips} aria-label={t('statsLabel')}>
        {filter && (
          <li>
            <button
              type="button"
              className={styles.chipButton}
              aria-pressed={filter.selected === null}
              onClick={() => filter.onSelect(null)}
            >
              <span className={styles.chip}>
                {t('all')} <span className={styles.chipCount}>{number.format(everyone)}</span>
              </span>
            </button>
          </li>
        )}
        {listed.map((status) => (
          <li key={status}>
            {filter ? (
              <button
                type="button"
                className={styles.chipButton}
                aria-pressed={filter.selected === status}
                onClick={() => filter.onSelect(filter.selected === status ? null : status)}
              >
                <StatusChip status={status} count={number.format(stats[status])} />
              </button>
            ) : (
              <StatusChip status={status} count={number.format(stats[status])} />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
