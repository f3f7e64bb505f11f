'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DataTable } from '@/components/ui/data-table';
import { ContentDialog } from '@/components/ui/content-dialog';
import { formatDateTime } from '@/components/ui/format-date';
import type { IotDevice } from './iot-api';
import { PressResult } from './iot-texts';
import styles from './iot.module.css';

/** A button's last presses (newest first): when, which action, and what it did, with a link to the alert it started. */
export function PressLogDialog({ device, onClose }: { device: IotDevice; onClose: () => void }) {
  const t = useTranslations('iotDevices');
  const columns = [t('presses.time'), t('presses.action'), t('presses.result')];
  return (
    <ContentDialog
      id="presses"
      title={t('presses.title', { name: device.name })}
      closeLabel={t('presses.close')}
      onClose={onClose}
      className={styles.pressDialog}
    >
      {device.presses.length === 0 ? (
        <p className="muted">{t('presses.empty')}</p>
      ) : (
        <DataTable columns={columns} caption={t('presses.title', { name: device.name })} stacked>
          {device.presses.map((press) => (
            <tr key={press.id}>
              <td data-label={columns[0]}>
                <time dateTime={press.at}>{formatDateTime(press.at)}</time>
              </td>
              <td data-label={columns[1]}>{t(`actions.${press.action}`)}</td>
              <td data-label={columns[2]}>
                {press.alertId ? (
                  <Link href={`/alerts/${press.alertId}`}>
                    <PressResult press={press} />
                  </Link>
                ) : (
                  <PressResult press={press} />
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <p className="muted">{t('presses.kept')}</p>
    </ContentDialog>
  );
}
