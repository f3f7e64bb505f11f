import { useTranslations } from 'next-intl';
import type { CSSProperties, ReactNode } from 'react';
import type { DeliveryStatus } from '../alert-api';
import { STATUS_COLOURS } from './status-colours';
import styles from '../alerts.module.css';

/** A delivery status as a chip in its colour (spec §3), optionally with a count. */
export function StatusChip({ status, count }: { status: DeliveryStatus; count?: ReactNode }) {
  const t = useTranslations('alerts.deliveryStatus');
  return (
    <span className={styles.chip} style={{ '--chip': STATUS_COLOURS[status] } as CSSProperties} data-status={status}>
      <span className={styles.chipDot} aria-hidden="true" />
      {t(status)}
      {/* The space keeps the count a separate word for screen readers ("Failed 2"); flex layout does not show it. */}
      {count !== undefined && (
        <>
          {' '}
          <span className={styles.chipCount}>{count}</span>
        </>
      )}
    </span>
  );
}
