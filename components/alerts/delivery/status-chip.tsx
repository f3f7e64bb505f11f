import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { ColourChip } from '@/components/ui/colour-chip';
import type { DeliveryStatus } from '../alert-api';
import { STATUS_COLOURS } from './status-colours';
import styles from '../alerts.module.css';

/** A delivery status as a chip in its colour (spec §3), optionally with a count. */
export function StatusChip({ status, count }: { status: DeliveryStatus; count?: ReactNode }) {
  const t = useTranslations('alerts.deliveryStatus');
  return (
    <ColourChip
      className={styles.chip}
      label={t(status)}
      colour={STATUS_COLOURS[status]}
      count={count}
      data={{ 'data-status': status }}
    />
  );
}
